// Two units mistakes in the student's own estimateContextUnits (rewrite): the current summary is
// counted 5 + u(content), without u(id), and a tool-result message also counts J(isError), as if
// isError were a JSON value of the message.
import { assemble, makerOf } from "../_kit/assemble";
import { unitsMistake15 } from "../_kit/s15";

const FLAGS = { "summary-id-not-counted": "summaryIdMissing", "iserror-counted": "isErrorCounted" } as const;

export const make = makerOf(Object.keys(FLAGS), (enabled) => {
  const flags = Object.fromEntries(Object.entries(FLAGS).filter(([id]) => enabled.has(id)).map(([, flag]) => [flag, true]));
  return assemble(Object.keys(flags).length === 0 ? [] : [unitsMistake15(flags)]);
});
