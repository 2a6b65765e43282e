// Two async-observation mistakes in the student's awaiting: a thenable's then called with the
// fulfilment handler only; the depth limit checked only before following a promise or a thenable,
// so a text received at level 65 is taken.
import { flagMaker } from "../_kit/s19";
import type { AsyncFlags } from "../_kit/async-loop";
import { awaitMistake22 } from "../_kit/s22";

export const make = flagMaker<AsyncFlags>(
  { "then-called-without-reject": "thenCalledWithoutReject", "text-at-level-65-accepted": "textAtLevel65Accepted" },
  (flags) => [awaitMistake22(flags)],
);
