// Four mistakes in four criteria, a student's rewrite of their units module and of the
// compaction flow: the estimator counts a tool call's arguments by the length of their JSON text;
// a context without messages is returned unchanged; the boundary walk answers null when the whole
// context fits already; a summary value null or undefined is taken as the empty text.
import { maker } from "../_kit/assemble";
import { emptyTranscriptUnchanged, nullishSummaryAsEmpty, unitsMistake17, walkMistake17 } from "../_kit/s17";

export const make = maker({
  "arguments-as-json-text": unitsMistake17({ argumentsAsJsonText: true }),
  "empty-transcript-unchanged": emptyTranscriptUnchanged,
  "fits-already-null": walkMistake17({ fitsAlreadyNull: true }),
  "nullish-summary-as-empty": nullishSummaryAsEmpty,
});
