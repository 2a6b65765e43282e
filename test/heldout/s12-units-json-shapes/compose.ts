// Three units mistakes in the student's own estimateContextUnits (rewrite, over the validated
// context): J(array) without the 1 per item, J(string) without its 1, and a tool-call block
// without u(id) of the call. compactContext counts with the reference.
import { assemble, makerOf } from "../_kit/assemble";
import { unitsMistake } from "../_kit/s12";

const FLAGS = {
  "array-item-separator-missing": "arraySeparatorMissing",
  "json-string-no-quote": "jsonStringNoQuote",
  "tool-call-id-not-counted": "toolCallIdNotCounted",
} as const;

export const make = makerOf(Object.keys(FLAGS), (enabled) => {
  const flags = Object.fromEntries(Object.entries(FLAGS).filter(([id]) => enabled.has(id)).map(([, flag]) => [flag, true]));
  return assemble(Object.keys(flags).length === 0 ? [] : [unitsMistake(flags)]);
});
