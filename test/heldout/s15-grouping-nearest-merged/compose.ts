// Two grouping mistakes in the student's own groupToolRounds (rewrite, also used by their
// boundary): each tool result is given to the nearest assistant with tool calls before it, not
// to the call whose id it names, and consecutive messages outside tool rounds are put in one
// message group.
import { assemble, makerOf } from "../_kit/assemble";
import { walkMistake15 } from "../_kit/s15";

const FLAGS = { "results-to-nearest-assistant": "nearestAssistant", "plain-messages-merged": "plainMerged" } as const;

export const make = makerOf(Object.keys(FLAGS), (enabled) => {
  const flags = Object.fromEntries(Object.entries(FLAGS).filter(([id]) => enabled.has(id)).map(([, flag]) => [flag, true]));
  return assemble(Object.keys(flags).length === 0 ? [] : [walkMistake15(flags)]);
});
