// The shape of the held-out set's ground truth (test/heldout/manifest.ts).
import type { Witness } from "../_witness/observe";

/** The checkpoint's acceptance criteria (the rubric's headings). */
export type Criterion =
  | "immutable-snapshots-and-ceilings"
  | "grouping"
  | "units"
  | "boundary-selection"
  | "unchanged-fast-path"
  | "summary-validation"
  | "async-observation"
  | "cancellation"
  | "atomicity-and-one-record";

export const CRITERIA: readonly Criterion[] = [
  "immutable-snapshots-and-ceilings",
  "grouping",
  "units",
  "boundary-selection",
  "unchanged-fast-path",
  "summary-validation",
  "async-observation",
  "cancellation",
  "atomicity-and-one-record",
];

/**
 * How an implementation was written: a wrapper around the reference that changes one behaviour;
 * an edit of a copy of a reference file; a rewrite of one function (the student's own version);
 * a whole student implementation written from scratch.
 */
export type Form = "wrapper" | "edit" | "rewrite" | "student";

export type Mistake = {
  /** Short id (the id `make` of the implementation knows it by, where it has one). */
  readonly id: string;
  /** The mistake in the contract's words, as a teacher would say it to the student. */
  readonly says: string;
  /** The contract section and step it breaks. */
  readonly breaks: string;
  readonly criterion: Criterion;
  /** A direct call on which the implementation's outcome differs from the contract's because of this mistake. */
  readonly witness: Witness;
};

export type Implementation = {
  /** Its folder under test/heldout/. */
  readonly id: string;
  readonly form: Form;
  readonly mistakes: readonly Mistake[];
  /** Whether its modules import anything outside its own folder (the reference, the kit, other implementations). */
  readonly importsOutside: boolean;
  /** Whether the folder has a compose.ts whose `make(enabled)` assembles any subset of its mistakes. */
  readonly composable: boolean;
};
