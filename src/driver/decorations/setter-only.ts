// setterOnly: the data property becomes an accessor with a counting setter and no getter, so
// reading it through [[Get]] yields undefined while the descriptor still shows the key.
import { COUNTER } from "../hostile-counters";
import { ScenarioError } from "../scenario-error";
import type { DecorationKind } from "./registry";

export const setterOnlyDecoration: DecorationKind = {
  kind: "setterOnly",
  apply(site, _decoration, ctx) {
    if (site.isRoot) throw new ScenarioError("a setter needs a property path, not the root");
    site.get(); // the path must exist
    site.define({
      set(_value: unknown) {
        ctx.counters.bump(COUNTER.setter);
      },
      enumerable: true,
      configurable: true,
    });
  },
};
