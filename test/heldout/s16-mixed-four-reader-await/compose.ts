// Four mistakes in four criteria, a student's rewrite of their reader and of the compaction
// flow: the reader refuses an assistant message without content blocks; the flow looks for the
// boundary before the fast path; a locked native promise is failed as CONTEXT_SUMMARIZER_FAILED;
// a summary value that is not a string is refused with CONTEXT_SUMMARY_INSUFFICIENT.
import { assemble, makerOf } from "../_kit/assemble";
import { emptyAssistantContentRefused, fastpathAfterBoundaryCheck, lockedPromiseFailed, nonStringSummaryCode } from "../_kit/s16";

const IDS = ["empty-assistant-content-refused", "fastpath-after-boundary-check", "locked-promise-failed", "non-string-summary-code"];

export const make = makerOf(IDS, (enabled) =>
  assemble([
    ...(enabled.has("fastpath-after-boundary-check") ? [fastpathAfterBoundaryCheck] : []),
    ...(enabled.has("locked-promise-failed") ? [lockedPromiseFailed] : []),
    ...(enabled.has("non-string-summary-code") ? [nonStringSummaryCode] : []),
    ...(enabled.has("empty-assistant-content-refused") ? [emptyAssistantContentRefused] : []),
  ]),
);
