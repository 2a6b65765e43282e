// One mistake (rewrite of compactContext's summary check): a summary whose units exceed
// summaryMaxUnits is refused with CONTEXT_SUMMARY_INVALID instead of CONTEXT_SUMMARY_INSUFFICIENT.
import { maker } from "../_kit/assemble";
import { oversizeSummaryCodeInvalid } from "../_kit/s18";

export const make = maker({ "oversize-summary-code-invalid": oversizeSummaryCodeInvalid });
