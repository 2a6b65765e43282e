import type { CheckInput, ContextData, PropertyDefinition, Verdict } from "../src/scenario";
import { modelContextUnits, modelMessageUnits } from "../src/model";
import { astralUnitsScenarios, contextUnitsScenarios, permutedKeyUnitsScenarios, plainInputUnitsScenarios, unitsScenarios } from "./_internals/arbitraries";
import { mismatch, pass } from "./_internals/format";
import { agreeOnOutcome } from "./_internals/outcome";
import { contextOf } from "./_internals/scenario-reading";
import { judgedByAccepted } from "./_internals/accepted";

// estimateContextUnits (contract §4). Each property aims the same exact comparison at a
// different way of getting it wrong; the arbitrary is what makes them differ.

const SPEC = "contract §4";

/** Observed units equal `want` (the model's answer unless the check computes its own). */
function unitsEqual({ observation, expected }: CheckInput, what: string, want?: number): Verdict {
  const agreed = agreeOnOutcome(observation, expected);
  if (agreed.ok === "threw-as-expected") return pass;
  if (!agreed.ok) return agreed.verdict;
  const target = want ?? (expected.kind === "returns" ? expected.value : null);
  if (typeof agreed.value !== "number" || !Number.isSafeInteger(agreed.value) || agreed.value < 0) {
    return mismatch(`${what} (a non-negative safe integer)`, target, agreed.value);
  }
  return agreed.value === target ? pass : mismatch(what, target, agreed.value);
}

/** Σ of the model's per-part units; compaction records are deliberately absent (they cost nothing). */
function sumOfParts(context: ContextData): number {
  const requirements = (context.requirements ?? []).reduce((sum, requirement) => sum + modelContextUnits({ requirements: [requirement] }), 0);
  const summary = context.summary ? modelContextUnits({ summary: context.summary }) : 0;
  const messages = (context.messages ?? []).reduce((sum, message) => sum + modelMessageUnits(message), 0);
  return requirements + summary + messages;
}

export const unitsProperties: readonly PropertyDefinition[] = judgedByAccepted([
  {
    id: "units.exact-formula",
    family: "units",
    title: "Units follow the contract's formula exactly",
    weight: 2,
    catches: "A wrong structural weight, a missing term, or JSON costed some other way than J(·).",
    specRef: SPEC,
    arbitrary: unitsScenarios(),
    check: (input) => unitsEqual(input, "units"),
  },
  {
    id: "units.astral-counts-one",
    family: "units",
    title: "An astral character costs one unit",
    weight: 2,
    catches: "Counting UTF-16 code units (string.length) instead of code points.",
    specRef: SPEC,
    arbitrary: astralUnitsScenarios(),
    check: (input) => unitsEqual(input, "units of a context whose texts contain astral characters (one unit per code point)"),
  },
  {
    id: "units.key-order-irrelevant",
    family: "units",
    title: "Argument key order does not change units (same arguments twice, keys reversed, vs the model)",
    weight: 1,
    catches: "Costing tool arguments through an order-sensitive walk or serialization that miscounts keys.",
    specRef: SPEC,
    // One call per scenario: the input holds the same arguments twice, keys reversed in the
    // second, and the model (order-independent by construction) gives the answer.
    arbitrary: permutedKeyUnitsScenarios(),
    check: (input) => unitsEqual(input, "units of two calls with the same arguments in reversed key order"),
  },
  {
    id: "units.additive",
    family: "units",
    title: "Context units are the sum of its parts; records cost nothing",
    weight: 2,
    catches: "Charging compaction records, an absent summary, or a per-context overhead the contract does not have.",
    specRef: SPEC,
    arbitrary: contextUnitsScenarios(),
    check: (input) => unitsEqual(input, "units (Σ requirements + summary + Σ messages, per the model's per-part formulas)", sumOfParts(contextOf(input.scenario.operation))),
  },
  {
    id: "units.plain-input-equals-built",
    family: "units",
    title: "A plain input costs what its built context costs",
    weight: 2,
    catches: "Costing a plain input without building it first: defaults for missing fields or extra properties counted.",
    specRef: "contract §3, §4",
    arbitrary: plainInputUnitsScenarios(),
    check: (input) => unitsEqual(input, "units of a plain input (missing fields default to [], null, [], [])"),
  },
  {
    id: "units.repeatable",
    family: "units",
    title: "The same context always costs the same (prebuilt contexts with reused ids, one loaded subject across runs)",
    weight: 1,
    catches: "State kept between calls (a cache keyed by ids, a running total) that makes units depend on history.",
    specRef: SPEC,
    // The in-process host keeps the subject loaded across all runs of a property, and generated
    // contexts reuse ids, so state carried from an earlier call shows up as a wrong answer here.
    arbitrary: contextUnitsScenarios(true),
    check: (input) => unitsEqual(input, "units of a prebuilt context (the same in every call)"),
  },
]);
