import type { Json } from "../scenario/data";
import type { Expected } from "../scenario/expected";
import type { Observation } from "../scenario/observation";
import type { Scenario } from "../scenario/scenario";

// The grade as data: what every reporter reads. Bump GRADE_SCHEMA_VERSION whenever the rules
// that produce it change (isolation, what counts as a failure, how weights add up), see docs/grading.md.

export const GRADE_SCHEMA_VERSION = 1;
export const TOOL_NAME = "compaction-check";

export type PropertyStatus = "passed" | "failed" | "error";

export interface PropertyResult {
  readonly id: string;
  readonly title: string;
  readonly family: string;
  readonly status: PropertyStatus;
  readonly points: number;
  readonly maxPoints: number;
  readonly numRuns: number;
  readonly message?: string;
  readonly counterexample?: Scenario;
  readonly observation?: Observation;
  readonly expected?: Expected;
  /** One shell line that re-runs the counterexample. */
  readonly replay?: string;
  readonly durationMs: number;
}

export interface SandboxSummary {
  readonly kind: "child-process" | "none";
  readonly isolation: readonly string[];
  readonly limits: { readonly scenarioTimeoutMs: number; readonly totalTimeoutMs: number; readonly memoryMb: number };
}

export interface GradeResult {
  readonly tool: string;
  readonly version: string;
  readonly submission: string;
  readonly seed: number;
  readonly numRuns: number;
  readonly score: number;
  readonly maxScore: number;
  readonly durationMs: number;
  readonly sandbox: SandboxSummary;
  readonly properties: readonly PropertyResult[];
  readonly warnings: readonly string[];
  readonly schemaVersion: number;
}

/** A property as the JSON report writes it (and `merge` reads it back). */
export type JsonReportProperty = Pick<PropertyResult, "id" | "title" | "status" | "points" | "maxPoints" | "numRuns" | "message" | "counterexample" | "replay">;

/** The JSON report as read back: what toJsonReport writes. */
export interface JsonReport extends Pick<GradeResult, "tool" | "version" | "submission" | "seed" | "score" | "maxScore" | "durationMs" | "sandbox" | "warnings" | "schemaVersion"> {
  readonly properties: readonly JsonReportProperty[];
}

/** The JSON report: exactly the documented fields (observation/expected stay in the scenario files). */
export function toJsonReport(grade: GradeResult): Json {
  return {
    tool: grade.tool,
    version: grade.version,
    submission: grade.submission,
    seed: grade.seed,
    score: grade.score,
    maxScore: grade.maxScore,
    durationMs: grade.durationMs,
    sandbox: grade.sandbox as unknown as Json,
    properties: grade.properties.map((p) => {
      const entry: { [key: string]: Json } = { id: p.id, title: p.title, status: p.status, points: p.points, maxPoints: p.maxPoints, numRuns: p.numRuns };
      if (p.message !== undefined) entry.message = p.message;
      if (p.counterexample !== undefined) entry.counterexample = p.counterexample as unknown as Json;
      if (p.replay !== undefined) entry.replay = p.replay;
      return entry;
    }),
    warnings: [...grade.warnings],
    schemaVersion: grade.schemaVersion,
  };
}
