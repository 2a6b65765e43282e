// Two mistakes in two criteria: the fast path adds summaryMaxUnits to the context's units (step 2);
// an abort whose reason is a TimeoutError, once the summarizer was called, reported as
// CONTEXT_SUMMARIZER_FAILED (step 5).
import { maker } from "../_kit/assemble";
import { fastPathCountsReserve, timeoutAsSummarizerFailure } from "../_kit/b2b";

export const make = maker({
  "fastpath-counts-summary-reserve": fastPathCountsReserve,
  "timeout-abort-as-failure": timeoutAsSummarizerFailure,
});
