import { readFile } from "node:fs/promises";
import { CRITERION_IDS, type CriterionId } from "../criteria";
import { isCriterionId } from "./criterion-words";
import { GraderError } from "../errors";

// The rubric: points per acceptance criterion (src/grader/criteria.ts). The default gives each
// criterion the weights of its properties (./property-criteria.ts), 200 in all, so that a
// failure no mistake explains costs exactly the points it cost when every property was scored
// on its own. A teacher changes the points with `--rubric file.json` (docs/grading.md, "Rubric"):
//
//   { "criteria": { "immutable-snapshots-and-ceilings": 40, "grouping": 20, ... } }
//
// every criterion named once, each a finite number of points >= 0, at least one above 0.

export type RubricPoints = Readonly<Record<CriterionId, number>>;

export interface Rubric {
  readonly points: RubricPoints;
  /** "default", or the file it was read from. */
  readonly source: string;
}

export const DEFAULT_RUBRIC: Rubric = {
  source: "default",
  points: {
    "immutable-snapshots-and-ceilings": 51,
    grouping: 17,
    units: 12,
    "boundary-selection": 20,
    "unchanged-fast-path": 6,
    "summary-validation": 9,
    "async-observation": 32,
    cancellation: 9,
    "atomicity-and-one-record": 44,
  },
};

/** How a grade's score is computed: by the rubric's criteria (default), or property by property as before. */
export type ScoringMode = "rubric" | "properties";

export function parseScoringMode(value: unknown): ScoringMode {
  if (value === undefined || value === "rubric") return "rubric";
  if (value === "properties") return "properties";
  throw new GraderError("USAGE", `--scoring must be "rubric" (points per acceptance criterion, the default) or "properties" (each property its weight), got ${JSON.stringify(value)}.`);
}

/** Reads and validates a teacher's rubric file; every problem is named in one clear error. */
export async function readRubric(file: string): Promise<Rubric> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    throw new GraderError("RUBRIC_INVALID", `Cannot read the rubric ${file}. ${SHAPE}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new GraderError("RUBRIC_INVALID", `The rubric ${file} is not JSON (${(error as Error).message}). ${SHAPE}`);
  }
  return { source: file, points: validateRubric(data, file) };
}

const SHAPE = `A rubric is {"criteria": {"<criterion>": <points>, ...}} naming each of ${CRITERION_IDS.join(", ")} once (docs/grading.md, "Rubric").`;

export function validateRubric(data: unknown, file = "the rubric"): RubricPoints {
  const criteria = typeof data === "object" && data !== null && !Array.isArray(data) ? (data as { criteria?: unknown }).criteria : undefined;
  if (typeof criteria !== "object" || criteria === null || Array.isArray(criteria)) throw new GraderError("RUBRIC_INVALID", `${file} has no "criteria" object. ${SHAPE}`);
  const extra = Object.keys(data as object).filter((key) => key !== "criteria" && !key.startsWith("$"));
  const problems: string[] = [];
  if (extra.length > 0) problems.push(`unknown field${extra.length === 1 ? "" : "s"} ${extra.map((k) => JSON.stringify(k)).join(", ")} (only "criteria", and "$comment"-like fields starting with $)`);
  const entries = Object.entries(criteria as Record<string, unknown>);
  const unknown = entries.filter(([id]) => !isCriterionId(id)).map(([id]) => JSON.stringify(id));
  if (unknown.length > 0) problems.push(`unknown criteri${unknown.length === 1 ? "on" : "a"} ${unknown.join(", ")}`);
  const missing = CRITERION_IDS.filter((id) => !Object.hasOwn(criteria, id));
  if (missing.length > 0) problems.push(`missing ${missing.join(", ")} (give 0 to leave a criterion out)`);
  const bad = entries.filter(([id, value]) => isCriterionId(id) && !(typeof value === "number" && Number.isFinite(value) && value >= 0));
  for (const [id, value] of bad) problems.push(`${id}: points must be a finite number >= 0, got ${JSON.stringify(value) ?? String(value)}`);
  if (problems.length === 0 && entries.every(([, value]) => value === 0)) problems.push("every criterion is worth 0 points");
  if (problems.length > 0) throw new GraderError("RUBRIC_INVALID", `${file} is not a valid rubric: ${problems.join("; ")}. ${SHAPE}`);
  return Object.fromEntries(CRITERION_IDS.map((id) => [id, (criteria as Record<string, number>)[id]!])) as RubricPoints;
}
