// A grouping mistake and a summary mistake: groupToolRounds refuses an invalid transcript with
// CONTEXT_INVALID_INPUT; an array of strings returned by the summarizer is joined into the summary.
import { maker } from "../_kit/assemble";
import { arraySummaryJoined, groupsInvalidCodeInput } from "../_kit/s20";

export const make = maker({ "groups-invalid-code-input": groupsInvalidCodeInput, "array-summary-joined": arraySummaryJoined });
