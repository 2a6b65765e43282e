// A whole-flow rewrite, four mistakes in four criteria: the student's units module counts a user
// message without u(id); their boundary walk puts latest one past (messages.length -
// retainRecentMessages + 1); their options check refuses a summaryId equal to the current
// summary's id; their record carries the summary's text as well.
import { maker } from "../_kit/assemble";
import { recordMistakeB2, summaryIdReuseRefused, unitsMistakeB2, walkMistakeB2 } from "../_kit/b2b";

export const make = maker({
  "user-id-not-counted": unitsMistakeB2({ userIdNotCounted: true }),
  "latest-one-past": walkMistakeB2({ latestOnePast: true }),
  "summaryid-reuse-refused": summaryIdReuseRefused,
  "record-has-summary-text": recordMistakeB2({ summaryTextInRecord: true }),
});
