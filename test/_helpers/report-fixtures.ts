import { DEFAULT_RUBRIC } from "../../src/grader/rubric/rubric";
import { GRADE_SCHEMA_VERSION, type GradeResult, type PropertyResult, type RootCause } from "../../src/grader/result";
import type { Json } from "../../src/scenario/data";
import type { Observation, Outcome, SummarizerCall } from "../../src/scenario/observation";
import type { Scenario } from "../../src/scenario/scenario";

// What the reporters' tests draw and print: a compaction scenario, an observation, a grade.

/** compactContext(context) with a summarizer returning "x", summary id "x", record id "rec", 40 units to target. */
export function compactScenario(context: Json): Scenario {
  return {
    operation: {
      kind: "compact",
      context,
      prebuilt: false,
      options: { targetUnits: 40, summaryMaxUnits: 7, retainRecentMessages: 0, maxUnits: 40, summaryId: "x", recordId: "rec" },
      summarizer: { kind: "text", text: "x", delivery: "sync" },
      summarizerSlot: "script",
      signal: "none",
      abort: "none",
    },
  } as unknown as Scenario;
}

/** What the driver writes down for a call with this outcome (and these summarizer requests). */
export function observationOf(outcome: Outcome, requests: readonly Json[] = []): Observation {
  const summarizerCalls: SummarizerCall[] = requests.map((request) => ({ request, requestFrozen: { deep: true, firstUnfrozen: null }, secondArgument: "unabortedSignal" }));
  return { outcome, frozen: null, identity: {}, input: { unchanged: true, stillFrozen: null, after: null }, setupError: null, summarizerCalls, hostile: {}, unhandledRejections: 0, durationMs: 1 };
}

/** A grade of these failures and root causes, scored property by property, for the reporters. */
export function gradeOf(properties: readonly PropertyResult[], rootCauses: readonly RootCause[]): GradeResult {
  const maxScore = properties.reduce((sum, p) => sum + p.maxPoints, 0);
  const score = properties.reduce((sum, p) => sum + p.points, 0);
  return {
    tool: "compaction-check",
    version: "0.1.0",
    submission: "sub",
    seed: 1,
    numRuns: 1,
    score,
    maxScore,
    scoring: "properties",
    rubric: { source: "default", points: DEFAULT_RUBRIC.points },
    criteria: [],
    propertyScore: { score, maxScore },
    durationMs: 1,
    sandbox: { kind: "none", isolation: [], limits: { scenarioTimeoutMs: 1, totalTimeoutMs: 1, memoryMb: 1 } },
    properties,
    rootCauses,
    warnings: [],
    schemaVersion: GRADE_SCHEMA_VERSION,
  };
}
