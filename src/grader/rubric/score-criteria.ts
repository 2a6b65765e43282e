import { CRITERIA, type CriterionId } from "../criteria";
import type { PropertyResult, RootCause } from "../result";
import { homeOf, isDiagnosed } from "./home";
import type { RubricPoints, ScoringMode } from "./rubric";

// Points per acceptance criterion, lost once per mistake (docs/grading.md, "Rubric"):
// - a failure explained by a mistake (a diagnosed root cause, ./home.ts) whose home is another
//   criterion is *excused* here: that mistake is paid for in its home;
// - an excused failure is credited at the rate the criterion shows its rules kept: (passed
//   weight + shown weight) / (passed + shown + charged weight), where a *shown* property is an
//   excused failure one of whose other cases passed with an answer (./evidence.ts). It costs
//   nothing where nothing is charged and something passes or is shown, and everything where
//   nothing is. A mistake that makes everything fail (an implementation that throws on every
//   call) thus earns nothing in criteria it gives no other evidence of;
// - within a criterion, points are lost in proportion to the weight of its own properties that
//   fail and are charged to it: points × (charged weight / the criterion's graded weight);
// - a failure no mistake explains (its own root cause, not run, a harness error), and a failure
//   nobody saw fail (no counterexample), is always charged to its own criterion: it costs at
//   least what it costs property by property with the default rubric, so no score rises because
//   the analysis is unsure (the rubric's score is never below the property score).
// With `properties`, nothing is excused and each criterion is the sum of its properties'
// weights: the score is the one every property scored on its own gives.

export interface CriterionLoss {
  /** The root cause (GradeResult.rootCauses) the lost points are charged for; null for failures no root cause holds. */
  readonly rootCause: string | null;
  /** The criterion's own failed properties charged for it. */
  readonly properties: readonly string[];
  readonly points: number;
  /**
   * Present for failures excused here (their mistake's home is another criterion): the rate at
   * which they were credited, that at which the criterion shows its rules kept (< 1: some points lost).
   */
  readonly creditedAt?: number;
}

export interface CriterionScore {
  readonly id: CriterionId;
  readonly title: string;
  readonly points: number;
  readonly maxPoints: number;
  /** What it lost, one entry per mistake (the most points first). */
  readonly losses: readonly CriterionLoss[];
  /** Its failed properties explained by a mistake charged to another criterion (credited as `losses` say). */
  readonly excused: readonly string[];
  /** Those of `excused` shown kept on another of their cases (./evidence.ts): evidence for the credit. Absent before schema 3. */
  readonly shown?: readonly string[];
}

export interface CriteriaScore {
  readonly scoring: ScoringMode;
  readonly score: number;
  readonly maxScore: number;
  /** The graded criteria (those with at least one graded property), in the course's order. */
  readonly criteria: readonly CriterionScore[];
  /** Per root cause: the criterion it is charged to (a diagnosed mistake's home) and the points it costs in all. */
  readonly causes: ReadonlyMap<string, { readonly criterion?: CriterionId; readonly pointsLost: number }>;
}

type Scored = Pick<PropertyResult, "id" | "status" | "maxPoints" | "counterexample" | "skipped">;

/**
 * A failure a mistake may excuse: one observed to fail (it has a counterexample), or one whose
 * case was not run because its kind hangs, joined to the mistake that made it hang
 * (../skipped-causes.ts). A failure nobody saw (not run, for whatever reason) is always charged.
 */
function excusable(result: Scored): boolean {
  return result.status === "failed" && (result.counterexample !== undefined || result.skipped !== undefined);
}

type CriterionOf = (property: string) => CriterionId | undefined;

interface Split {
  /** Weight of the criterion's passed properties. */
  readonly passed: number;
  /** Its failures charged to it, by root cause (null: no root cause). */
  readonly charged: ReadonlyMap<string | null, Entry>;
  /** Its failures excused here, by the root cause whose home is elsewhere. */
  readonly excusedBy: ReadonlyMap<string, Entry>;
}

interface Entry {
  readonly properties: string[];
  weight: number;
}

/** The homes of the diagnosed mistakes (./home.ts), by root cause. */
function homesOf(results: readonly Scored[], rootCauses: readonly RootCause[], criterionOf: CriterionOf): ReadonlyMap<string, CriterionId | undefined> {
  const weightOf = new Map(results.map((r) => [r.id, r.maxPoints]));
  const homes = new Map<string, CriterionId | undefined>();
  for (const cause of rootCauses) if (isDiagnosed(cause)) homes.set(cause.id, homeOf(cause, criterionOf, (id) => weightOf.get(id) ?? 0));
  return homes;
}

/** A criterion's properties: passed, charged to it, or excused (a mistake at home elsewhere explains them). */
function split(own: readonly Scored[], id: CriterionId, scoring: ScoringMode, causeOf: ReadonlyMap<string, RootCause>, homes: ReadonlyMap<string, CriterionId | undefined>): Split {
  const charged = new Map<string | null, Entry>();
  const excusedBy = new Map<string, Entry>();
  const add = <K>(map: Map<K, Entry>, key: K, result: Scored) => {
    const entry = map.get(key) ?? { properties: [], weight: 0 };
    entry.properties.push(result.id);
    entry.weight += result.maxPoints;
    map.set(key, entry);
  };
  let passed = 0;
  for (const result of own) {
    if (result.status === "passed") {
      passed += result.maxPoints;
      continue;
    }
    const cause = causeOf.get(result.id);
    const home = cause === undefined ? undefined : homes.get(cause.id);
    if (scoring === "rubric" && cause !== undefined && excusable(result) && home !== undefined && home !== id) add(excusedBy, cause.id, result);
    else add(charged, cause?.id ?? null, result);
  }
  return { passed, charged, excusedBy };
}

const causesByProperty = (rootCauses: readonly RootCause[]) => new Map(rootCauses.flatMap((cause) => cause.properties.map((id): [string, RootCause] => [id, cause])));

/**
 * The excused failures evidence is asked for (./evidence.ts): those of criteria where nothing
 * passes, so that nothing else shows the criterion's rules kept. Elsewhere it would change
 * nothing: with nothing charged an excused failure costs nothing already, and where something is
 * charged the passed properties keep the rate the criterion has earned.
 */
export function failuresWantingEvidence(results: readonly Scored[], rootCauses: readonly RootCause[], criterionOf: CriterionOf): string[] {
  const causeOf = causesByProperty(rootCauses);
  const homes = homesOf(results, rootCauses, criterionOf);
  return CRITERIA.flatMap(({ id }) => {
    const { passed, excusedBy } = split(results.filter((r) => criterionOf(r.id) === id), id, "rubric", causeOf, homes);
    return passed > 0 ? [] : [...excusedBy.values()].flatMap((entry) => entry.properties);
  });
}

export function scoreByCriteria(results: readonly Scored[], rootCauses: readonly RootCause[], scoring: ScoringMode, rubric: RubricPoints, criterionOf: CriterionOf, shown: ReadonlySet<string> = new Set()): CriteriaScore {
  const causeOf = causesByProperty(rootCauses);
  const homes = homesOf(results, rootCauses, criterionOf);
  const spent = new Map<string, number>();
  const criteria: CriterionScore[] = [];
  for (const { id, title } of CRITERIA) {
    const own = results.filter((r) => criterionOf(r.id) === id);
    const weight = own.reduce((sum, r) => sum + r.maxPoints, 0);
    if (own.length === 0) continue;
    const maxPoints = scoring === "rubric" ? rubric[id] : weight;
    const scale = weight === 0 ? 0 : maxPoints / weight;
    const { passed, charged, excusedBy } = split(own, id, scoring, causeOf, homes);
    const excused = [...excusedBy.values()].flatMap((entry) => entry.properties);
    const shownHere = excused.filter((property) => shown.has(property));
    const evidence = passed + own.filter((r) => shownHere.includes(r.id)).reduce((sum, r) => sum + r.maxPoints, 0);
    const chargedWeight = [...charged.values()].reduce((sum, entry) => sum + entry.weight, 0);
    const credit = evidence === 0 ? 0 : evidence / (evidence + chargedWeight);
    const losses = [
      ...[...charged].map(([rootCause, entry]) => ({ rootCause, properties: entry.properties, points: entry.weight * scale })),
      ...[...excusedBy].filter(() => credit < 1).map(([rootCause, entry]) => ({ rootCause, properties: entry.properties, points: entry.weight * (1 - credit) * scale, creditedAt: round(credit) })),
    ].sort((a, b) => b.points - a.points);
    for (const loss of losses) if (loss.rootCause !== null && loss.points > 0) spent.set(loss.rootCause, (spent.get(loss.rootCause) ?? 0) + loss.points);
    const lost = losses.reduce((sum, loss) => sum + loss.points, 0);
    criteria.push({ id, title, points: round(Math.max(0, maxPoints - lost)), maxPoints: round(maxPoints), losses: losses.map((loss) => ({ ...loss, points: round(loss.points) })), excused, shown: shownHere });
  }
  const causes = new Map(rootCauses.map((cause) => {
    const home = homes.get(cause.id);
    return [cause.id, { ...(home === undefined ? {} : { criterion: home }), pointsLost: round(spent.get(cause.id) ?? 0) }] as const;
  }));
  return {
    scoring,
    score: round(criteria.reduce((sum, c) => sum + c.points, 0)),
    maxScore: round(criteria.reduce((sum, c) => sum + c.maxPoints, 0)),
    criteria,
    causes,
  };
}

/** Points may be fractional (a teacher's rubric scales weights); keep sums free of floating-point dust. */
function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
