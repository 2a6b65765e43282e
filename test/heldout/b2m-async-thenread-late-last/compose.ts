// Three mistakes of the student's awaiting (§7 step 5): a then getter that throws taken as "no
// then" (the object is the value); a value delivered after the first delivery dropped without
// handlers (a promise's rejection goes unhandled); the last resolve inside then wins.
import { flagMaker } from "../_kit/s19";
import { awaitMistakeB2 } from "../_kit/b2b";
import type { AsyncFlags } from "../_kit/async-loop";

export const make = flagMaker<AsyncFlags>(
  { "then-read-throw-as-plain": "thenReadThrowAsPlain", "late-delivery-unhandled": "lateDeliveryUnhandled", "last-resolve-wins": "lastResolveWins" },
  (flags) => [awaitMistakeB2(flags)],
);
