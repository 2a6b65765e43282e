import type { CheckInput, ContextData, Json, PropertyDefinition, Verdict } from "../src/scenario";
import { modelBoundary, modelContextUnits, modelGroups, modelMessageUnits } from "../src/model";
import { boundaryScenarios, validBoundaryScenarios } from "./_internals/arbitraries";
import { fail, mismatch, pass } from "./_internals/format";
import { agreeOnOutcome, checkThrowsContractError, returnedValue } from "./_internals/outcome";
import { boundaryOptions, contextOf } from "./_internals/scenario-reading";
import { cutSeparatingCall, overBudget } from "./_internals/transcript-invariants";
import { viewOfMessages } from "./_internals/transcript-view";
import { judgedByAccepted } from "./_internals/accepted";

// selectCompactionBoundary (contract §6).

const SPEC = "contract §6";
type Options = { targetUnits: number; summaryMaxUnits: number; retainRecentMessages: number };

/** Runs `judge` on the returned boundary, the context and the options, after the shared outcome check. */
function onBoundary({ scenario, observation, expected }: CheckInput, judge: (boundary: number | null, context: ContextData, options: Options) => Verdict): Verdict {
  const agreed = agreeOnOutcome(observation, expected);
  if (agreed.ok === "threw-as-expected") return pass;
  if (!agreed.ok) return agreed.verdict;
  const value = agreed.value;
  if (value !== null && (typeof value !== "number" || !Number.isSafeInteger(value))) return mismatch("boundary", "null or a safe integer", value);
  const operation = scenario.operation;
  const options = operation.kind === "boundary" ? boundaryOptions(operation.options) : null;
  if (options === null) return fail("harness: the model expects a value but the scenario has no numeric options");
  return judge(value, contextOf(operation), options);
}

function fixedUnits(context: ContextData, options: Options): number {
  return modelContextUnits({ requirements: context.requirements ?? [] }) + options.summaryMaxUnits;
}

function keptUnits(context: ContextData, boundary: number): number {
  return (context.messages ?? []).slice(boundary).reduce((sum, message) => sum + modelMessageUnits(message), 0);
}

/**
 * Monotone in targetUnits, checked against the model's neighbours: with one observation per
 * scenario, the subject's answer at T must lie between the model's answers at T + d (never later)
 * and T - d (never earlier), for a few d. A subject that is not monotone cannot agree with a
 * monotone model at every T, so over many scenarios this catches it; it is not a direct check of
 * two subject answers.
 */
function monotone(boundary: number | null, context: ContextData, options: Options): Verdict {
  for (const delta of [1, Math.ceil(options.targetUnits / 4), options.targetUnits]) {
    const larger = modelBoundary(context, { ...options, targetUnits: options.targetUnits + delta });
    if (boundary !== null && (larger === null || larger > boundary)) {
      return fail(`expected a boundary at targetUnits ${options.targetUnits} no earlier than the model's ${larger ?? "null"} at the larger target ${options.targetUnits + delta} (a larger target never moves it later), observed ${boundary}`);
    }
    const smallerTarget = options.targetUnits - delta;
    if (smallerTarget < 1) continue;
    const smaller = modelBoundary(context, { ...options, targetUnits: smallerTarget });
    if (smaller !== null && (boundary === null || boundary > smaller)) {
      return fail(`expected a boundary at targetUnits ${options.targetUnits} no later than the model's ${smaller} at the smaller target ${smallerTarget} (a larger target never moves it later), observed ${boundary ?? "null"}`);
    }
  }
  return pass;
}

export const boundaryProperties: readonly PropertyDefinition[] = judgedByAccepted([
  {
    id: "boundary.null-or-group-end",
    family: "boundary",
    title: "The boundary is null or the end of a whole group, at least 1",
    weight: 4,
    catches: "Cutting inside a tool round (by message count, or by the first result), or answering 0.",
    specRef: "contract §5, §6",
    arbitrary: validBoundaryScenarios(),
    check: (input) =>
      onBoundary(input, (boundary, context) => {
        if (boundary === null) return pass;
        const messages = context.messages ?? [];
        const split = cutSeparatingCall(viewOfMessages(messages as unknown as Json), [boundary]);
        if (split !== null) return fail(`expected a cut that keeps every round whole, observed: ${split}`);
        const ends = modelGroups(messages).map((group) => group.endIndex);
        return boundary >= 1 && ends.includes(boundary) ? pass : mismatch("boundary (a group end >= 1)", `one of ${ends.join(", ")}`, boundary);
      }),
  },
  {
    id: "boundary.earliest-fit",
    family: "boundary",
    title: "The boundary is the model's earliest whole-group cut that fits",
    weight: 2,
    catches: "Choosing the latest fit, forgetting that a group crossing the latest cut means null, or counting the current summary.",
    specRef: SPEC,
    arbitrary: validBoundaryScenarios(),
    check: (input) => onBoundary(input, (boundary) => (input.expected.kind === "returns" && input.expected.value === boundary ? pass : mismatch("boundary", input.expected.kind === "returns" ? input.expected.value : null, boundary))),
  },
  {
    id: "boundary.retention-kept",
    family: "boundary",
    title: "At least retainRecentMessages messages stay after the boundary",
    weight: 2,
    catches: "An off-by-one in the latest allowed cut that compacts a message meant to be retained.",
    specRef: SPEC,
    arbitrary: validBoundaryScenarios(),
    check: (input) =>
      onBoundary(input, (boundary, context, options) => {
        const length = (context.messages ?? []).length;
        if (boundary === null || length - boundary >= options.retainRecentMessages) return pass;
        return fail(`expected at least ${options.retainRecentMessages} retained messages, observed boundary ${boundary} leaving ${length - boundary} of ${length}`);
      }),
  },
  {
    id: "boundary.budget-met",
    family: "boundary",
    title: "Requirements + reserved summary + kept messages fit targetUnits",
    weight: 2,
    catches: "Not reserving summaryMaxUnits (or counting the old summary instead), so the cut leaves no room for the new summary.",
    specRef: SPEC,
    arbitrary: validBoundaryScenarios(),
    check: (input) =>
      onBoundary(input, (boundary, context, options) => {
        if (boundary === null) return pass;
        const over = overBudget(fixedUnits(context, options) + keptUnits(context, boundary), options.targetUnits);
        return over === null ? pass : fail(`expected requirements + summaryMaxUnits + messages after ${boundary} within targetUnits, observed: ${over}`);
      }),
  },
  {
    id: "boundary.monotone-in-target",
    family: "boundary",
    title: "A larger targetUnits never moves the boundary later (the answer at T lies between the model's answers at T + d and T - d)",
    // 2 until session 18, when its criterion's point went to strength.null-prototype-options-accepted
    // (still 200 in all): boundary.earliest-fit judges the same choice directly.
    weight: 1,
    catches: "Scanning from the newest group (the latest fit) or any choice that is not the earliest fit as the target grows.",
    specRef: SPEC,
    arbitrary: validBoundaryScenarios(),
    check: (input) => onBoundary(input, monotone),
  },
  {
    id: "boundary.options-validation-codes",
    family: "boundary",
    title: "Bad options fail with the contract's code; good options do not fail",
    // 2 until session 19, when its criterion's point went to strength.boundary-ignores-aborted-signal
    // (still 200 in all): the strength option properties judge each bad value's code too.
    weight: 1,
    catches: "Accepting summaryMaxUnits > targetUnits or non-integers, or using CONTEXT_INVALID_INPUT for a bad value (CONTEXT_INVALID_BUDGET).",
    specRef: SPEC,
    arbitrary: boundaryScenarios(),
    check: ({ observation, expected }) => {
      if (expected.kind === "throws") return checkThrowsContractError(observation, expected.codes);
      const returned = returnedValue(observation);
      return returned.ok ? pass : returned.verdict;
    },
  },
]);
