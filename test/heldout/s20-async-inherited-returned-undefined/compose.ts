// Three async-observation mistakes in the student's awaiting of the summary: then looked for as an
// own property only; a native promise returned by then awaited too, its rejection failing the
// summary; resolve(undefined) taken as "nothing delivered yet".
import type { AsyncFlags } from "../_kit/async-loop";
import { flagMaker } from "../_kit/s19";
import { awaitMistake20 } from "../_kit/s20";

export const make = flagMaker<AsyncFlags>(
  { "inherited-then-ignored": "inheritedThenIgnored", "then-returned-rejection-fails": "thenReturnedRejectionFails", "undefined-delivery-pending": "undefinedDeliveryPending" },
  (flags) => [awaitMistake20(flags)],
);
