// Three units mistakes, each in a different row of §4, in the student's own
// estimateContextUnits (rewrite): a requirement counted without its id; a string inside tool-call
// arguments counted with both its quotes; an assistant message counted without its id.
import { assemble, makerOf } from "../_kit/assemble";
import { unitsMistake16 } from "../_kit/s16";

const FLAGS = { "requirement-id-not-counted": "requirementIdMissing", "json-string-both-quotes": "stringBothQuotes", "assistant-id-not-counted": "assistantIdMissing" } as const;

export const make = makerOf(Object.keys(FLAGS), (enabled) => {
  const flags = Object.fromEntries(Object.entries(FLAGS).filter(([id]) => enabled.has(id)).map(([, flag]) => [flag, true]));
  return assemble(Object.keys(flags).length === 0 ? [] : [unitsMistake16(flags)]);
});
