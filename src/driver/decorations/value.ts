// value: the property at the path is replaced by `value`, scenario data materialized like the
// input (Special tags give NaN, ±Infinity, -0, undefined, counting functions, bigints,
// symbols). Lets a scenario put a non-JSON value or a wrong type at any path of the input
// or the options, including the summarizer and signal the driver adds itself.
import type { Json } from "../../scenario/data";
import { materialize } from "../materialize";
import { ScenarioError } from "../scenario-error";
import type { DecorationKind } from "./registry";

export const valueDecoration: DecorationKind = {
  kind: "value",
  apply(site, decoration, ctx) {
    if (site.isRoot) throw new ScenarioError("a value decoration needs a property path (put a root value in the operation)");
    if (!("value" in decoration)) throw new ScenarioError(`a value decoration without a value at ${site.label}`);
    site.get(); // the path must exist
    site.set(materialize(decoration.value as Json, ctx.counters));
  },
};
