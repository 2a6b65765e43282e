// One mistake, around the student's call of the summarizer: with no signal, the summarizer given the
// student's own signal, aborted when compactContext is done. (Written with a second mistake, the
// request's messages list left unfrozen; the lead took it out: the contract freezes the request
// object itself, and the list it holds may be a fresh mutable copy, so no grader may fault it.)
import { maker } from "../_kit/assemble";
import { freshSignalAbortedAfter } from "../_kit/s22";

export const make = maker({
  "fresh-signal-aborted-after": freshSignalAbortedAfter,
});
