import { CRITERION_IDS, type CriterionId } from "../criteria";

// What the rubric adds to the criteria (../criteria.ts): each one as the course states it, for
// docs/rubric.md, and a check that a string names one (rubric files, analysis output).

export const COURSE_SAYS: Readonly<Record<CriterionId, string>> = {
  "immutable-snapshots-and-ceilings": "Active context snapshots are deeply immutable and respect all message, requirement, record, depth, collection, string, and aggregate ceilings.",
  grouping: "Every tool call and all matching results form one group; overlapping intervals merge and invalid linkage fails closed.",
  units: "Unit estimates are deterministic Unicode-code-point calculations with documented structural costs.",
  "boundary-selection": "Boundary selection reserves summary capacity, retains recent messages, and removes only whole groups.",
  "unchanged-fast-path": "A below-threshold context returns unchanged without invoking the summarizer.",
  "summary-validation": "Summary output must be plain non-empty text, fit both summary and target budgets, and leave a valid transcript suffix.",
  "async-observation": "Unobservable native Promise identities fail with CONTEXT_ASYNC_VALUE_UNOBSERVABLE; other summarizer failures remain CONTEXT_SUMMARIZER_FAILED.",
  cancellation: "Cancellation before, during, or after summary selection returns a stable error and appends no record.",
  "atomicity-and-one-record": "Any failure leaves the prior context unchanged; success appends exactly one frozen record after complete prospective validation.",
};

export function isCriterionId(value: unknown): value is CriterionId {
  return typeof value === "string" && (CRITERION_IDS as readonly string[]).includes(value);
}
