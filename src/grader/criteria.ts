// The checkpoint's acceptance criteria (the course seed's "Acceptance criteria", contract
// checkpoint 11), in the order the course lists them: the headings of the default rubric
// (src/grader/rubric/) and the home of every root cause. The ids are those of the held-out
// set's ground truth (test/heldout/manifest.ts). The first criterion of the seed (the focused
// test command passes offline) is about the course repository, not the contract, and has none.

export const CRITERION_IDS = [
  "immutable-snapshots-and-ceilings",
  "grouping",
  "units",
  "boundary-selection",
  "unchanged-fast-path",
  "summary-validation",
  "async-observation",
  "cancellation",
  "atomicity-and-one-record",
] as const;

export type CriterionId = (typeof CRITERION_IDS)[number];

export interface Criterion {
  readonly id: CriterionId;
  /** A short heading for reports. */
  readonly title: string;
  /** The acceptance criterion as the course states it. */
  readonly says: string;
  /** The contract sections (docs/contract.md) it covers. */
  readonly sections: readonly string[];
}

export const CRITERIA: readonly Criterion[] = [
  {
    id: "immutable-snapshots-and-ceilings",
    title: "Immutable snapshots and ceilings",
    says: "Active context snapshots are deeply immutable and respect all message, requirement, record, depth, collection, string, and aggregate ceilings.",
    sections: ["§2", "§3"],
  },
  {
    id: "grouping",
    title: "Grouping",
    says: "Every tool call and all matching results form one group; overlapping intervals merge and invalid linkage fails closed.",
    sections: ["§2 (linkage)", "§5"],
  },
  {
    id: "units",
    title: "Units",
    says: "Unit estimates are deterministic Unicode-code-point calculations with documented structural costs.",
    sections: ["§4"],
  },
  {
    id: "boundary-selection",
    title: "Boundary selection",
    says: "Boundary selection reserves summary capacity, retains recent messages, and removes only whole groups.",
    sections: ["§6 (and its options, also as compactContext reads them)"],
  },
  {
    id: "unchanged-fast-path",
    title: "Unchanged fast path",
    says: "A below-threshold context returns unchanged without invoking the summarizer.",
    sections: ["§7 step 2", "§7 maxUnits"],
  },
  {
    id: "summary-validation",
    title: "Summary validation",
    says: "Summary output must be plain non-empty text, fit both summary and target budgets, and leave a valid transcript suffix.",
    sections: ["§7 step 4 (the request)", "§7 steps 6, 7", "§7 step 8 (the new context)"],
  },
  {
    id: "async-observation",
    title: "Async observation",
    says: "Unobservable native Promise identities fail with CONTEXT_ASYNC_VALUE_UNOBSERVABLE; other summarizer failures remain CONTEXT_SUMMARIZER_FAILED.",
    sections: ["§7 step 5"],
  },
  {
    id: "cancellation",
    title: "Cancellation",
    says: "Cancellation before, during, or after summary selection returns a stable error and appends no record.",
    sections: ["§7 signal", "§7 steps 3, 5, 6, 8 (the signal)"],
  },
  {
    id: "atomicity-and-one-record",
    title: "Atomicity and one record",
    says: "Any failure leaves the prior context unchanged; success appends exactly one frozen record after complete prospective validation.",
    sections: ["§1 (errors)", "§7 summaryId, recordId, summarizer", "§7 step 8 (the record)", "§7 on failure, on success"],
  },
];

export function isCriterionId(value: unknown): value is CriterionId {
  return typeof value === "string" && (CRITERION_IDS as readonly string[]).includes(value);
}

export function criterionOf(id: CriterionId): Criterion {
  return CRITERIA.find((c) => c.id === id)!;
}
