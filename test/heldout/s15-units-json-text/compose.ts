// Three units mistakes in the student's own estimateContextUnits (rewrite), all in J of the
// tool-call arguments: a key of a JSON object is counted by its JSON text (quotes included), an
// array is counted like an object whose keys are its indices, and a number is counted written
// out in full (toLocaleString without grouping) instead of String(n).
import { assemble, makerOf } from "../_kit/assemble";
import { unitsMistake15 } from "../_kit/s15";

const FLAGS = { "key-counted-as-json-text": "keyJsonText", "array-indices-as-keys": "arrayIndices", "number-written-out": "numberPositional" } as const;

export const make = makerOf(Object.keys(FLAGS), (enabled) => {
  const flags = Object.fromEntries(Object.entries(FLAGS).filter(([id]) => enabled.has(id)).map(([, flag]) => [flag, true]));
  return assemble(Object.keys(flags).length === 0 ? [] : [unitsMistake15(flags)]);
});
