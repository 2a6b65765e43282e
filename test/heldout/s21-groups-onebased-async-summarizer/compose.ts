// Two mistakes in two criteria: groupToolRounds gives one-based startIndex and endIndex; an async
// summarizer refused by the student's function check (Object.prototype.toString).
import { maker } from "../_kit/assemble";
import { asyncSummarizerRefused, groupsMistake21 } from "../_kit/s21";

export const make = maker({
  "group-indices-one-based": groupsMistake21({ oneBased: true }),
  "async-summarizer-refused": asyncSummarizerRefused,
});
