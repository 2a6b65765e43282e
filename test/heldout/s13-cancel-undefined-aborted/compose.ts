// Two cancellation mistakes: the student's options reader checks `"signal" in options`, so a
// signal present as undefined is refused, and the signal is only listened to, never read, so a
// signal aborted before the call is not noticed (the summarizer still gets it).
import { maker } from "../_kit/assemble";
import { alreadyAbortedIgnored, undefinedSignalRefused } from "../_kit/s13";

export const make = maker({
  "undefined-signal-refused": undefinedSignalRefused,
  "already-aborted-ignored": alreadyAbortedIgnored,
});
