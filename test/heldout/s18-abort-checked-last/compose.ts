// One mistake (rewrite of compactContext's step 3): the already aborted signal is checked only
// just before the summarizer's call, after the record id and the boundary, so an aborted signal
// with a used recordId or without a boundary gets that code instead of CONTEXT_CANCELLED.
import { maker } from "../_kit/assemble";
import { abortCheckedLast } from "../_kit/s18";

export const make = maker({ "abort-checked-after-boundary": abortCheckedLast });
