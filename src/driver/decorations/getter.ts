// getter: the data property becomes an accessor that counts its calls and returns the
// original value. The contract says no accessor of the input is ever called.
import { COUNTER } from "../hostile-counters";
import { ScenarioError } from "../scenario-error";
import type { DecorationKind } from "./registry";

export const getterDecoration: DecorationKind = {
  kind: "getter",
  apply(site, _decoration, ctx) {
    if (site.isRoot) throw new ScenarioError("a getter needs a property path, not the root");
    const original = site.get();
    site.define({
      get() {
        ctx.counters.bump(COUNTER.getter);
        return original;
      },
      enumerable: true,
      configurable: true,
    });
  },
};
