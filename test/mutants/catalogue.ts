import { asyncMutants } from "./catalogue-async";
import { compactionMutants } from "./catalogue-compaction";
import { inputMutants } from "./catalogue-input";
import { argumentsGapMutants } from "./catalogue-gaps-arguments";
import { asyncOptionsGapMutants } from "./catalogue-gaps-async-options";
import { readingGapMutants } from "./catalogue-gaps-reading";
import { structureMutants } from "./catalogue-structure";

// The mutant catalogue (issue 5): realistic one-spot mistakes a student makes when writing
// the contract, each a named source patch applied to a copy of src/core at test time
// (test/mutants/loader.ts). A find string must match exactly once, so a patch that no
// longer applies fails the kill-matrix test instead of silently becoming the core.

export interface SourcePatch {
  /** A file of src/core, e.g. "boundary.ts". */
  readonly file: string;
  /** Exact text, present exactly once in the file. */
  readonly find: string;
  readonly replace: string;
}

/**
 * Which part of the contract the mistake is in. Tool-pairing and boundary mutants must
 * shrink to counterexamples of at most 6 messages (issue 5).
 */
export type MutantArea = "tool-pairing" | "boundary" | "units" | "input" | "fast-path" | "compaction" | "atomicity" | "async";

export interface Mutant extends SourcePatch {
  /** Stable, kebab-case, unique. */
  readonly id: string;
  /** The mistake in one line, as a student would make it. */
  readonly description: string;
  readonly area: MutantArea;
  /** Further spots of the same mistake, when the core checks it in more than one place. */
  readonly also?: readonly SourcePatch[];
  /** Property ids tried first by the kill-matrix test (a speed hint, never an answer: every property is tried). */
  readonly killers?: readonly string[];
}

export const SMALL_COUNTEREXAMPLE_AREAS: readonly MutantArea[] = ["tool-pairing", "boundary"];
export const MAX_SMALL_COUNTEREXAMPLE_MESSAGES = 6;

/** Mutants written for the strength properties that kill survivors of the mutation run. */
export const gapMutants: readonly Mutant[] = [...readingGapMutants, ...asyncOptionsGapMutants, ...argumentsGapMutants];

export const mutants: readonly Mutant[] = [...structureMutants, ...inputMutants, ...compactionMutants, ...asyncMutants, ...gapMutants];
