// Two reading mistakes (wrappers): records are checked with
// `Object.getPrototypeOf(x) === Object.prototype`, so a null-prototype record is refused; and
// a tool result must come right after its call's assistant (or another result), so a result
// separated from its call by another message is refused.
import { maker } from "../_kit/assemble";
import { checkBuilt } from "../_kit/layers";
import { checkRaw, refuseNonAdjacentResults, refuseNullPrototype } from "../_kit/s12";

export const make = maker({
  "null-prototype-refused": checkRaw(refuseNullPrototype),
  "non-adjacent-result-refused": { layer: (base) => checkBuilt(base, refuseNonAdjacentResults) },
});
