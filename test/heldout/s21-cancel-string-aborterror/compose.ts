// Two cancellation mistakes: the signal watched only when the summarizer's value is something to
// wait on (a string is taken at once); a summarizer's AbortError taken as cancellation.
import { maker } from "../_kit/assemble";
import { abortErrorTakenAsCancel, stringSummarySkipsSignal } from "../_kit/s21";

export const make = maker({
  "string-summary-skips-signal": stringSummarySkipsSignal,
  "abort-error-taken-as-cancel": abortErrorTakenAsCancel,
});
