// Two mistakes in two criteria, around the student's call of the summarizer: the request frozen but
// its messages list not; with no signal, the summarizer given the student's own signal, aborted when
// compactContext is done.
import { maker } from "../_kit/assemble";
import { freshSignalAbortedAfter, requestMessagesUnfrozen } from "../_kit/s22";

export const make = maker({
  "request-messages-unfrozen": requestMessagesUnfrozen,
  "fresh-signal-aborted-after": freshSignalAbortedAfter,
});
