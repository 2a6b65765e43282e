// The checkpoint's acceptance criteria (issue 26): the headings a teacher grades by. Every root
// cause names the one its mistake belongs to (src/grader/root-cause), and the rubric scores by
// them. The ids are fixed (reports, rubric files and the held-out ground truth use them).

export type CriterionId =
  | "immutable-snapshots-and-ceilings"
  | "grouping"
  | "units"
  | "boundary-selection"
  | "unchanged-fast-path"
  | "summary-validation"
  | "async-observation"
  | "cancellation"
  | "atomicity-and-one-record";

export interface Criterion {
  readonly id: CriterionId;
  readonly title: string;
  /** The parts of the contract (docs/contract.md) whose rules it covers. */
  readonly sections: readonly string[];
}

export const CRITERIA: readonly Criterion[] = [
  { id: "immutable-snapshots-and-ceilings", title: "Immutable snapshots and ceilings", sections: ["§1 errors", "§2 Message IR", "§3 input rules, budgets and frozen copies", "frozen results and requests (§5, §7)"] },
  { id: "grouping", title: "Grouping tool rounds", sections: ["§5"] },
  { id: "units", title: "Units", sections: ["§4"] },
  { id: "boundary-selection", title: "Boundary selection", sections: ["§6 options and answer", "§7 step 3 (no boundary)"] },
  { id: "unchanged-fast-path", title: "The unchanged fast path", sections: ["§7 maxUnits", "§7 step 2"] },
  { id: "summary-validation", title: "Summary validation", sections: ["§7 step 6", "§7 step 7 (the new context's units)"] },
  { id: "async-observation", title: "Observing the summarizer's value", sections: ["§7 step 4 (the call)", "§7 step 5 (observing the value)"] },
  { id: "cancellation", title: "Cancellation", sections: ["§7 signal option", "§7 steps 3, 5, 6 and 8 (the signal)"] },
  { id: "atomicity-and-one-record", title: "Atomicity and one record", sections: ["§7 step 3 (record id)", "§7 step 8 (record and new context)", "§7 on failure, on success"] },
];

export const CRITERION_IDS: readonly CriterionId[] = CRITERIA.map((c) => c.id);

export function criterionOf(id: CriterionId): Criterion {
  return CRITERIA.find((c) => c.id === id)!;
}
