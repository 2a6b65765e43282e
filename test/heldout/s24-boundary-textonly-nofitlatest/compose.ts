// Two boundary-selection mistakes in the student's walk (both exports): a kept assistant counted
// by its text blocks only (its tool calls left out); when no cut fits, the latest allowed cut
// answered instead of null.
import { flagMaker } from "../_kit/s19";
import { walkMistake24, type WalkFlags24 } from "../_kit/s24";

export const make = flagMaker<WalkFlags24>(
  { "walk-counts-assistant-text-only": "assistantTextOnly", "no-fit-answers-latest": "noFitAnswersLatest" },
  (flags) => [walkMistake24(flags)],
);
