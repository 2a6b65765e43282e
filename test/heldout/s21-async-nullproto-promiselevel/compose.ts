// Two async-observation mistakes in the student's awaiting: a null-prototype thenable taken as a
// plain value (instanceof Object); a native promise's fulfilment not counted as a level.
import { flagMaker } from "../_kit/s19";
import { awaitMistake21 } from "../_kit/s21";
import type { AsyncFlags } from "../_kit/async-loop";

export const make = flagMaker<AsyncFlags>(
  { "null-prototype-thenable-plain": "nullPrototypeThenablePlain", "promise-level-not-counted": "promiseLevelNotCounted" },
  (flags) => [awaitMistake21(flags)],
);
