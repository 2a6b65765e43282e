import type { Host } from "../../scenario/host";
import type { PropertyDefinition } from "../../scenario/property";
import type { Scenario } from "../../scenario/scenario";
import type { PropertyResult, RootCause } from "../result";
import { passesWithAnswer } from "../run-property";
import { criterionOfProperty } from "./property-criteria";
import { failuresWantingEvidence } from "./score-criteria";

// Evidence that a criterion's rules are kept, where nothing else gives it (docs/grading.md,
// "Rubric"). A failure explained by a mistake at home in another criterion is excused at the rate
// the criterion shows its rules kept. Where none of a criterion's properties passes (a mistake
// upstream, such as a valid transcript refused, is in the way of every one of them), its excused
// failures are looked at once more: a property whose cases include one that passes *with an
// answer* (the submission's value, not a refusal) is shown kept there. The cases are the
// property's own (same seed, same order: its edge cases, the corpus, the generated ones), observed
// again in the same sandbox, one at a time, until the first such case, at most EVIDENCE_CASES. A submission that refuses or throws everywhere shows nothing, so it
// still earns nothing in such a criterion.

/** How many of a property's cases are looked at for evidence, at most. */
export const EVIDENCE_CASES = 32;

export interface EvidenceOptions {
  readonly seed: number;
  readonly numRuns: number;
  readonly reference: Host | null;
  readonly examplesFor: (propertyId: string) => Scenario[];
}

/** The excused failures of criteria where nothing passes that are shown kept on another of their cases. */
export async function shownKept(results: readonly PropertyResult[], rootCauses: readonly RootCause[], definitions: readonly PropertyDefinition[], host: Host, options: EvidenceOptions): Promise<Set<string>> {
  const shown = new Set<string>();
  const byId = new Map(results.map((r) => [r.id, r]));
  for (const id of failuresWantingEvidence(results, rootCauses, criterionOfProperty)) {
    const def = definitions.find((d) => d.id === id);
    // A case of a kind that hangs was not run, and would hang again: no evidence is asked of it.
    if (def === undefined || byId.get(id)?.counterexample === undefined) continue;
    if (await passesWithAnswer(def, host, { seed: options.seed, numRuns: options.numRuns, reference: options.reference, examples: options.examplesFor(id) }, EVIDENCE_CASES)) shown.add(id);
  }
  return shown;
}
