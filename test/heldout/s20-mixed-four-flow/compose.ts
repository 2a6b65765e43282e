// Four mistakes in four criteria, a student's rewrite of their units module, their groupToolRounds,
// their boundary walk and their awaiting: a requirement counted without u(content); a group's
// messages one too many; the cut after the first group never tried; a rejected summary reported as
// CONTEXT_SUMMARY_INVALID.
import { maker } from "../_kit/assemble";
import { awaitMistake20, groupMessagesOneExtra, unitsMistake20, walkMistake20 } from "../_kit/s20";

export const make = maker({
  "requirement-content-not-counted": unitsMistake20({ requirementContentMissing: true }),
  "group-messages-one-extra": groupMessagesOneExtra,
  "first-cut-skipped": walkMistake20({ firstCutSkipped: true }),
  "rejection-summary-invalid": awaitMistake20({ rejectionSummaryInvalid: true }),
});
