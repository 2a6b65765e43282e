// A cancellation mistake and a summary-validation mistake: the student checks options.signal
// only once compaction is needed (after the fast path), and compares the summary with
// summaryMaxUnits as u(summaryId) + u(text), without its base 5.
import { maker } from "../_kit/assemble";
import { signalCheckedAfterFastpath, summaryBaseNotCounted } from "../_kit/s16";

export const make = maker({ "signal-checked-after-fastpath": signalCheckedAfterFastpath, "summary-base-not-counted": summaryBaseNotCounted });
