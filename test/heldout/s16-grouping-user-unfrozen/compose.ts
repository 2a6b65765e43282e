// Two grouping mistakes in the student's own groupToolRounds (rewrite, also used by their
// boundary walk): the user message right before an assistant with tool calls is put in that
// assistant's tool round (the student groups "turns"), and the groups are returned unfrozen.
import { assemble, makerOf } from "../_kit/assemble";
import { walkMistake16 } from "../_kit/s16";

const FLAGS = { "round-takes-preceding-user": "precedingUser", "groups-not-frozen": "unfrozen" } as const;

export const make = makerOf(Object.keys(FLAGS), (enabled) => {
  const flags = Object.fromEntries(Object.entries(FLAGS).filter(([id]) => enabled.has(id)).map(([, flag]) => [flag, true]));
  return assemble(Object.keys(flags).length === 0 ? [] : [walkMistake16(flags)]);
});
