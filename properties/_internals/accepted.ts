import type { CheckInput, PropertyDefinition } from "../../src/scenario";
import { expectedAs } from "../../src/scenario";

// Contract §8: where the seed leaves room, the model accepts several whole outcomes
// (Expected.also). Every property judges an observation against the accepted outcome of the
// observed kind, so a check written for one expected outcome accepts every outcome of the row
// and still fails everything outside it.

/** `defs` with each check given the accepted outcome that matches the observation. */
export function judgedByAccepted(defs: readonly PropertyDefinition[]): readonly PropertyDefinition[] {
  return defs.map((def) => ({
    ...def,
    check: (input: CheckInput) => def.check({ ...input, expected: expectedAs(input.expected, input.observation) }),
  }));
}
