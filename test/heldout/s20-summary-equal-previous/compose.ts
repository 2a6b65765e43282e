// One mistake (a wrapper that post-checks the summary): a summary whose text equals the previous
// summary's content is refused with CONTEXT_SUMMARY_INSUFFICIENT.
import { maker } from "../_kit/assemble";
import { summaryEqualPreviousRefused } from "../_kit/s20";

export const make = maker({ "summary-equal-previous-refused": summaryEqualPreviousRefused });
