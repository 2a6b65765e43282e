// Two units mistakes in the student's own estimateContextUnits (rewrite), in two rows of the
// table of §4: a requirement is given the base 4 of a message (it is 3), and a tool-call block
// the base 2 of a text block (it is 6).
import { assemble, makerOf } from "../_kit/assemble";
import { unitsMistake15 } from "../_kit/s15";

const FLAGS = { "requirement-base-4": "requirementBase4", "toolcall-base-2": "toolCallBase2" } as const;

export const make = makerOf(Object.keys(FLAGS), (enabled) => {
  const flags = Object.fromEntries(Object.entries(FLAGS).filter(([id]) => enabled.has(id)).map(([, flag]) => [flag, true]));
  return assemble(Object.keys(flags).length === 0 ? [] : [unitsMistake15(flags)]);
});
