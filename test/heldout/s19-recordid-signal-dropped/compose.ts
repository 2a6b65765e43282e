// A fast-path mistake and a cancellation mistake, the first at step 2, the second at step 5: the
// recordId is checked against the old records before the fast path; once a thenable delivers the
// text the signal is read once and dropped.
import { maker } from "../_kit/assemble";
import { awaitMistake19, recordIdBeforeFastPath } from "../_kit/s19";

export const make = maker({ "recordid-checked-before-fastpath": recordIdBeforeFastPath, "signal-dropped-at-delivery": awaitMistake19({ signalDroppedAtDelivery: true }) });
