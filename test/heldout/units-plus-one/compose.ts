// One mistake (wrapper): estimateContextUnits answers one unit more than the contract's sum
// (the student adds 1 for "the context itself"); compactContext counts correctly.
import { maker } from "../_kit/assemble";

export const make = maker({
  "estimate-plus-one": { layer: (base) => ({ ...base, estimateContextUnits: (input) => base.estimateContextUnits(input) + 1 }) },
});
