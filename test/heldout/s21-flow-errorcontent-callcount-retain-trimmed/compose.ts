// Four mistakes in four criteria, a student's rewrite of their units module, their
// groupToolRounds and walk, their options reader and their record writer: an error result's
// content not counted; a tool round taken as its assistant and the next k messages (k calls);
// retainRecentMessages above the number of messages refused; the ids of the record and of the new
// summary trimmed.
import { maker } from "../_kit/assemble";
import { groupsMistake21, recordIdsTrimmed, retainAboveLengthRefused, unitsMistake21 } from "../_kit/s21";

export const make = maker({
  "error-result-content-free": unitsMistake21({ errorContentFree: true }),
  "round-length-by-call-count": groupsMistake21({ roundByCallCount: true }),
  "retain-above-length-refused": retainAboveLengthRefused,
  "record-ids-trimmed": recordIdsTrimmed,
});
