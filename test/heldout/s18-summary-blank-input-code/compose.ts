// One mistake (wrapper around the reference's reader): a summary whose content is only
// whitespace is refused as a bad record of the input, CONTEXT_INVALID_INPUT, instead of
// CONTEXT_SUMMARY_INVALID (in every export that reads a context).
import { maker } from "../_kit/assemble";
import { blankSummaryInputCode } from "../_kit/s18";

export const make = maker({ "blank-summary-input-code": blankSummaryInputCode });
