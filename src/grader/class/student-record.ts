import type { JsonReport } from "../result";
import type { RubricPoints, ScoringMode } from "../rubric/rubric";

// What grade-class keeps per student (students/<name>.json): the JSON report of its grade, or why
// there is none, with the settings it was graded with (a rerun with the same ones skips it).

export interface GradeSettingsKey {
  readonly seed: number;
  readonly numRuns: number;
  readonly version: string;
  /** How points are counted (absent in records written before the rubric: regraded). */
  readonly scoring?: ScoringMode;
  readonly rubric?: RubricPoints;
}

export interface StudentRecord extends GradeSettingsKey {
  readonly student: string;
  readonly submission: string;
  /** "graded": `report` holds the grade; "error": the grader itself failed for this student. */
  readonly status: "graded" | "error";
  readonly report: JsonReport | null;
  readonly error: string | null;
  readonly durationMs: number;
}

export function sameSettings(record: GradeSettingsKey, key: GradeSettingsKey): boolean {
  return record.seed === key.seed && record.numRuns === key.numRuns && record.version === key.version && record.scoring === key.scoring && JSON.stringify(record.rubric) === JSON.stringify(key.rubric);
}
