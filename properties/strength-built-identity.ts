import fc from "fast-check";
import type { CheckInput, PropertyDefinition, Scenario, Verdict } from "../src/scenario";
import { compactScenarios } from "./_internals/arbitraries";
import { allOf, fail, pass } from "./_internals/format";
import { defineStrength, modelAgrees } from "./_internals/strength-define";

// The contexts compactContext resolves are built by this module (held-out mistake s19
// new-context-not-registered): §3 "Given an ActiveContext that this module built, it returns
// that very object", so buildActiveContext(result.context) is result.context itself, after a
// compaction as after the fast path. The driver asks it with the operation's `rebuildResult`.

/** Compactions that succeed or take the fast path, their result.context rebuilt. */
const rebuiltResultScenarios = (): fc.Arbitrary<Scenario> =>
  fc.oneof(compactScenarios("compacts"), compactScenarios("belowThreshold")).map((scenario) => {
    const op = scenario.operation;
    if (op.kind !== "compact") return scenario;
    return { ...scenario, operation: { ...op, rebuildResult: true }, labels: [...(scenario.labels ?? []), "rebuild:result-context"] };
  });

/** Where compactContext resolved, the driver's identity fact says the rebuild gave result.context back. */
function rebuiltIsSame({ observation }: CheckInput): Verdict {
  if (observation.outcome.kind !== "returned") return pass;
  const same = observation.identity["rebuildResultIsSame"];
  return same === true ? pass : fail(`expected buildActiveContext(result.context) to return result.context itself (this module built it), observed ${same === false ? "another object, or a throw" : "no result.context to rebuild"}`);
}

export const builtIdentityStrengthProperties: readonly PropertyDefinition[] = [
  defineStrength(
    "result-context-rebuilt-same",
    "buildActiveContext(result.context) returns result.context itself, after a compaction and after the fast path",
    1,
    "Resolving a compacted context as a fresh frozen copy the module does not know as its own, so building it again copies it instead of returning it.",
    "contract §3, §7 steps 2, 8",
    rebuiltResultScenarios(),
    allOf(modelAgrees, rebuiltIsSame),
  ),
];
