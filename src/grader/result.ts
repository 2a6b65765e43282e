import type { Json } from "../scenario/data";
import type { Expected } from "../scenario/expected";
import type { Observation } from "../scenario/observation";
import type { Scenario } from "../scenario/scenario";
import type { CriterionId } from "./criteria";
import type { CriterionScore } from "./rubric/score-criteria";
import type { RubricPoints, ScoringMode } from "./rubric/rubric";

// The grade as data: what every reporter reads. Bump GRADE_SCHEMA_VERSION whenever the rules
// that produce it change (isolation, what counts as a failure, how weights add up), see docs/grading.md.
// 2: the score is the rubric's (points per acceptance criterion, lost once per mistake).
// 3: where none of a criterion's properties passes, its excused failures are credited on evidence
//    (a case of theirs passing with an answer: criteria[].shown).

export const GRADE_SCHEMA_VERSION = 3;
export const TOOL_NAME = "compaction-check";

export type PropertyStatus = "passed" | "failed" | "error";

export interface PropertyResult {
  readonly id: string;
  readonly title: string;
  readonly family: string;
  /** The acceptance criterion it belongs to (src/grader/rubric/property-criteria.ts); absent for a property the rubric does not know. */
  readonly criterion?: CriterionId;
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
  /** For a failure: the id of the root cause (GradeResult.rootCauses) that explains it. */
  readonly rootCause?: string;
  /**
   * For a failure whose failing case was not run because calls of its kind hang
   * (sandbox/hang-kinds.ts): that kind, and the property during which the last lost call of it was counted.
   */
  readonly skipped?: { readonly kind: string; readonly description: string; readonly origin: string | null };
}

/** One of the subject's answers on a counterexample that is not the contract's. */
export interface UpstreamDifference {
  readonly layer: "build" | "options" | "units" | "groups" | "boundary" | "compaction" | "async" | "error-class" | "freezing" | "identity" | "input" | "then-calls" | "restoration";
  readonly question: string;
  readonly subject: string;
  readonly contract: string;
}

export interface Illustration {
  readonly propertyId: string;
  readonly counterexample: Scenario;
  readonly observation?: Observation;
  readonly expected?: Expected;
}

/**
 * A mistake that explains one or more failed properties (docs/grading.md, "Root causes"): an
 * upstream answer of the subject (its units, groups or boundary) that differs from the
 * contract's, when re-judging shows the failures disappear with it; otherwise one failed
 * property on its own.
 */
export interface RootCause {
  /** "build" | "options" | "units" | "groups" | "boundary" | "compaction" | "async" | "conformance", or the id of the one property it is. */
  readonly id: string;
  readonly title: string;
  readonly explanation: string;
  /** The smallest counterexample among its properties', and whose it is. */
  readonly counterexample?: Scenario;
  readonly counterexampleOf?: string;
  readonly observation?: Observation;
  readonly expected?: Expected;
  /** Where the subject's answers differ from the contract's on that counterexample. */
  readonly differences?: readonly UpstreamDifference[];
  readonly replay?: string;
  /**
   * The smallest counterexample of its properties that has a cut to draw (a boundary or a
   * compaction over at least one message), for the HTML timeline; absent when none has one.
   */
  readonly illustration?: Illustration;
  /** The failed properties it explains, in grading order (none for a mistake found by asking). */
  readonly properties: readonly string[];
  /**
   * Found by asking the submission (root-cause/units-battery.ts), beside the failures: a mistake
   * no failed property's smallest counterexample shows, because another one of the same layer
   * departs first in every one. It explains no property and costs no points of its own.
   */
  readonly foundByAsking?: true;
  /**
   * The acceptance criterion the mistake is charged to (its home, src/grader/rubric/home.ts):
   * set by the analysis, or by the grade from the layer; absent when it is no diagnosed mistake
   * (one property alone, not run), whose failures are charged to their own criteria.
   */
  readonly criterion?: CriterionId;
  /** The points it costs in all (set by the grade). */
  readonly pointsLost?: number;
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
  /** The grade: by the rubric's criteria (default), or property by property (`--scoring properties`). */
  readonly score: number;
  readonly maxScore: number;
  readonly scoring: ScoringMode;
  /** The rubric's points per criterion and where they came from ("default" or the file). */
  readonly rubric: { readonly source: string; readonly points: RubricPoints };
  /** Points per graded criterion, and the mistakes behind each loss. */
  readonly criteria: readonly CriterionScore[];
  /** Every property scored on its own (the score of schema 1, and of `--scoring properties`). */
  readonly propertyScore: { readonly score: number; readonly maxScore: number };
  readonly durationMs: number;
  readonly sandbox: SandboxSummary;
  readonly properties: readonly PropertyResult[];
  /** Failed properties grouped by what explains them, the most properties first. */
  readonly rootCauses: readonly RootCause[];
  readonly warnings: readonly string[];
  readonly schemaVersion: number;
}

/** A property as the JSON report writes it (and `merge` reads it back). */
export type JsonReportProperty = Pick<PropertyResult, "id" | "title" | "criterion" | "status" | "points" | "maxPoints" | "numRuns" | "message" | "counterexample" | "replay" | "rootCause">;

/** A root cause as the JSON report writes it. */
export type JsonRootCause = Pick<RootCause, "id" | "title" | "explanation" | "criterion" | "pointsLost" | "counterexample" | "counterexampleOf" | "differences" | "replay" | "properties">;

/** The JSON report as read back: what toJsonReport writes. */
export interface JsonReport extends Pick<GradeResult, "tool" | "version" | "submission" | "seed" | "score" | "maxScore" | "durationMs" | "sandbox" | "warnings" | "schemaVersion"> {
  readonly properties: readonly JsonReportProperty[];
  /** Absent in reports written before root causes were added (merge reads both). */
  readonly rootCauses?: readonly JsonRootCause[];
  /** Absent before schema 2. */
  readonly scoring?: ScoringMode;
  readonly rubric?: GradeResult["rubric"];
  readonly criteria?: readonly CriterionScore[];
  readonly propertyScore?: GradeResult["propertyScore"];
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
    scoring: grade.scoring,
    rubric: grade.rubric as unknown as Json,
    criteria: grade.criteria as unknown as Json,
    propertyScore: grade.propertyScore as unknown as Json,
    durationMs: grade.durationMs,
    sandbox: grade.sandbox as unknown as Json,
    properties: grade.properties.map((p) => {
      const entry: { [key: string]: Json } = { id: p.id, title: p.title };
      if (p.criterion !== undefined) entry.criterion = p.criterion;
      Object.assign(entry, { status: p.status, points: p.points, maxPoints: p.maxPoints, numRuns: p.numRuns });
      if (p.message !== undefined) entry.message = p.message;
      if (p.counterexample !== undefined) entry.counterexample = p.counterexample as unknown as Json;
      if (p.replay !== undefined) entry.replay = p.replay;
      if (p.rootCause !== undefined) entry.rootCause = p.rootCause;
      return entry;
    }),
    rootCauses: grade.rootCauses.map((cause) => {
      const entry: { [key: string]: Json } = { id: cause.id, title: cause.title, explanation: cause.explanation };
      if (cause.criterion !== undefined) entry.criterion = cause.criterion;
      if (cause.pointsLost !== undefined) entry.pointsLost = cause.pointsLost;
      if (cause.counterexample !== undefined) entry.counterexample = cause.counterexample as unknown as Json;
      if (cause.counterexampleOf !== undefined) entry.counterexampleOf = cause.counterexampleOf;
      if (cause.differences !== undefined) entry.differences = cause.differences as unknown as Json;
      if (cause.replay !== undefined) entry.replay = cause.replay;
      entry.properties = [...cause.properties];
      return entry;
    }),
    warnings: [...grade.warnings],
    schemaVersion: grade.schemaVersion,
  };
}
