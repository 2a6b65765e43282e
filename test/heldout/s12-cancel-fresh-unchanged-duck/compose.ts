// Three cancellation mistakes (wrappers): the summarizer gets the student's own signal instead
// of the caller's, a cancellation resolves the context unchanged instead of rejecting, and any
// object with a boolean `aborted` is taken as a signal (the wrapper of duck-typed-signal).
import { maker } from "../_kit/assemble";
import { cancelResolvesUnchanged, freshSignalPassed } from "../_kit/s12";
import { make as duck } from "../duck-typed-signal/compose";

export const make = maker({
  ...duck.defs,
  "summarizer-gets-fresh-signal": freshSignalPassed,
  "cancel-resolves-unchanged": cancelResolvesUnchanged,
});
