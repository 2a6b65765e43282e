// Two grouping mistakes in the student's own groupToolRounds (rewrite; the first also in their
// boundary): a tool round runs on until the next user message, and the transcript is grouped
// without being validated first.
import { assemble, makerOf } from "../_kit/assemble";
import { walkMistake13 } from "../_kit/s13";

const FLAGS = { "round-runs-to-next-user": "roundToNextUser", "groups-unvalidated": "groupsUnvalidated" } as const;

export const make = makerOf(Object.keys(FLAGS), (enabled) => {
  const flags = Object.fromEntries(Object.entries(FLAGS).filter(([id]) => enabled.has(id)).map(([, flag]) => [flag, true]));
  return assemble(Object.keys(flags).length === 0 ? [] : [walkMistake13(flags)]);
});
