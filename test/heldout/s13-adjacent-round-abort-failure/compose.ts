// A grouping mistake and a cancellation mistake: the student's groupToolRounds (also used by
// their boundary) takes into a tool round only the results right after its assistant, and once
// the summarizer has been called a cancellation is reported as CONTEXT_SUMMARIZER_FAILED.
import { assemble, makerOf } from "../_kit/assemble";
import { abortAsFailure, walkMistake13 } from "../_kit/s13";

export const make = makerOf(["results-must-follow", "abort-as-failure"], (enabled) =>
  assemble([
    ...(enabled.has("results-must-follow") ? [walkMistake13({ resultsMustFollow: true })] : []),
    ...(enabled.has("abort-as-failure") ? [abortAsFailure] : []),
  ]),
);
