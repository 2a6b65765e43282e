// Two async-observation mistakes in the student's awaiting, of two kinds: the constructor retry of a
// native promise made only when the promise is extensible; a thenable reached a second time taken
// as a cycle (CONTEXT_SUMMARIZER_FAILED).
import { flagMaker } from "../_kit/s19";
import type { AsyncFlags } from "../_kit/async-loop";
import { awaitMistake23 } from "../_kit/s23";

export const make = flagMaker<AsyncFlags>(
  { "retry-needs-extensible": "retryNeedsExtensible", "thenable-reached-again-fails": "thenableReachedAgainFails" },
  (flags) => [awaitMistake23(flags)],
);
