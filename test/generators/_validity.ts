import { CODE, expectedFor, modelBuild, modelTranscriptErrors } from "../../src/model";
import type { Json } from "../../src/scenario/data";
import type { Scenario } from "../../src/scenario/scenario";

/** Scenario data must survive JSON (no bare -0, undefined, functions). */
export function jsonProblems(value: unknown): string[] {
  const back = JSON.parse(JSON.stringify(value)) as unknown;
  return JSON.stringify(back) === JSON.stringify(value) && !hasNegativeZero(value) ? [] : ["not faithful as JSON"];
}

function hasNegativeZero(v: unknown): boolean {
  if (typeof v === "number") return Object.is(v, -0);
  if (v === null || typeof v !== "object") return false;
  return Object.values(v as object).some(hasNegativeZero);
}

export function transcriptProblems(messages: Json): string[] {
  return [...modelTranscriptErrors(messages), ...jsonProblems(messages)];
}

export function contextProblems(ctx: Json): string[] {
  const built = modelBuild(ctx);
  return [...(built.ok ? [] : built.codes), ...jsonProblems(ctx)];
}

const has = (labels: readonly string[], prefix: string) => labels.some((l) => l === prefix || l.startsWith(`${prefix}:`));

/**
 * A scenario is valid when the model answers it, it is plain JSON, and the class its labels
 * claim is the one the model reaches (the regime label agrees with the expected outcome).
 */
export function scenarioProblems(s: Scenario): string[] {
  const problems = jsonProblems(s);
  let expected;
  try {
    expected = expectedFor(s);
  } catch (e) {
    return [...problems, `model cannot answer: ${(e as Error).message}`];
  }
  const labels = s.labels ?? [];
  const codes = expected.kind === "throws" ? expected.codes : [];
  const value = expected.kind === "returns" ? (expected.value as { status?: string } | null) : null;
  const claim = (ok: boolean, what: string) => (ok ? [] : [`${what}, model says ${JSON.stringify(expected)}`.slice(0, 300)]);
  const regime = labels.find((l) => l.startsWith("regime:"));
  switch (regime) {
    case "regime:compacts":
      return [...problems, ...claim(value?.status === "compacted", "compacts must compact")];
    case "regime:targetMissed": {
      // The reachable edge of "target missed": compacted with units after = targetUnits exactly.
      const after = (value as { record?: { unitsAfter?: number } } | null)?.record?.unitsAfter;
      const target = (s.operation as { options: { targetUnits?: number } }).options.targetUnits;
      return [...problems, ...claim(value?.status === "compacted" && after === target, "targetMissed must meet the target exactly")];
    }
    case "regime:belowThreshold":
      return [...problems, ...claim(value?.status === "unchanged", "belowThreshold must be unchanged")];
    case "regime:noBoundary":
      return [...problems, ...claim(codes.includes(CODE.boundaryUnavailable), "noBoundary must be BOUNDARY_UNAVAILABLE")];
    case "regime:summaryTooLarge":
      return [...problems, ...claim(codes.includes(CODE.summaryInsufficient), "summaryTooLarge must be INSUFFICIENT")];
    case "regime:summaryInvalid":
      return [...problems, ...claim([CODE.summaryInvalid, CODE.summaryInsufficient, CODE.limitExceeded].some((c) => codes.includes(c)), "summaryInvalid must reject the summary")];
    case "regime:summarizerFails":
      return [...problems, ...claim(codes.includes(CODE.summarizerFailed), "summarizerFails must be SUMMARIZER_FAILED")];
    case "regime:cancelled":
      return [...problems, ...claim(codes.includes(CODE.cancelled), "cancelled must be CANCELLED")];
    case "regime:recordsFull":
      return [...problems, ...claim(codes.includes(CODE.limitExceeded) && expected.summarizerCalls === 1, "recordsFull must fail at step 8")];
    case "regime:invalidOptions":
      return [...problems, ...claim(codes.some((c) => c === CODE.invalidInput || c === CODE.invalidBudget), "invalidOptions must be INPUT or BUDGET")];
    case "regime:invalidContext":
      return [...problems, ...claim(codes.length > 0 && expected.summarizerCalls === 0, "invalidContext must fail at step 1")];
  }
  if (has(labels, "mutation")) return [...problems, ...claim(codes.length > 0, "a mutation must be rejected")];
  if (has(labels, "noBoundary")) return [...problems, ...claim(value === null, "a null case must return null")];
  if (labels.includes("boundary:found")) return [...problems, ...claim(typeof value === "number", "found must return a number")];
  return [...problems, ...claim(expected.kind === "returns", "a valid scenario must return")];
}
