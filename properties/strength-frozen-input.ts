import type { CheckInput, PropertyDefinition, Verdict } from "../src/scenario";
import { frozenBuildScenario } from "../generators";
import { allOf, fail, pass, show } from "./_internals/format";
import { defineStrength, modelAgrees } from "./_internals/strength-define";

// buildActiveContext of a plain input the caller froze (held-out mistake s13
// frozen-input-returned): §3 returns "a deep copy" and returns the input itself only for "an
// ActiveContext that this module built". A frozen input is neither: Object.isFrozen is no test
// of who built it. The input is frozen at its root (alone, or with everything in it), sometimes
// with extra properties a copy must drop.

/** The returned value is not the input object itself (the driver's identity fact). */
function newObject({ observation }: CheckInput): Verdict {
  return observation.identity.resultIsInput === true ? fail("expected a new deep copy of the frozen input, observed the input object itself returned") : pass;
}

/** What is returned is frozen all the way down (a shallowly frozen input is not). */
function deeplyFrozen({ observation }: CheckInput): Verdict {
  if (observation.outcome.kind !== "returned") return pass;
  const frozen = observation.frozen;
  return frozen !== null && frozen.deep ? pass : fail(`expected the built context deeply frozen, observed unfrozen at ${show(frozen?.firstUnfrozen ?? "(no report)")}`);
}

export const frozenInputStrengthProperties: readonly PropertyDefinition[] = [
  defineStrength(
    "frozen-input-copied",
    "A frozen plain input builds into a new, deeply frozen copy with extra properties dropped, never the input itself",
    1,
    "Taking a frozen input for a context this module built (Object.isFrozen as the test), so buildActiveContext returns the caller's object: its extra properties kept, and what is inside it still mutable when only the object itself was frozen.",
    "contract §3",
    frozenBuildScenario(),
    allOf(newObject, modelAgrees, deeplyFrozen),
  ),
];
