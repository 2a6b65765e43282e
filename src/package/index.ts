// The public face of the package `compaction-check` (programmatic API); `compaction-check/vitest`
// and `compaction-check/generators` are the other two entries (src/package/vitest.ts,
// generators/index.ts). Everything public is listed here by name.
import { allProperties } from "../../properties/index";
import { DEFAULT_RUNS, DEFAULT_SEED } from "../grader/grade";
import { isGraderError } from "../grader/errors";
import { reporters } from "../grader/report/index";
import { gradeSubmission } from "./grade-submission";
import { criteria, families, properties } from "./properties";
import { runSubjectProperty } from "./run-subject-property";

export type { GradeSubmissionOptions } from "./grade-submission";
export type { RunPropertyOptions } from "./run-subject-property";
export type { CriterionInfo, PropertyInfo } from "./properties";
export type { CriterionId } from "../grader/criteria";
export type { RubricPoints, ScoringMode } from "../grader/rubric/rubric";
export type { CriterionScore, CriterionLoss } from "../grader/rubric/score-criteria";
export type { JsonReport, JsonReportProperty, PropertyStatus } from "../grader/result";
export type { PropertyRun } from "../grader/run-property";
export type { SandboxLimits } from "../grader/sandbox/plan";
export type { GraderError, GraderErrorCode } from "../grader/errors";
export type { Reporter } from "../grader/report/reporter";
export type { CheckInput, Expected, Observation, PropertyDefinition, Scenario, Verdict } from "../scenario/index";
export {
  allProperties,
  criteria,
  DEFAULT_RUNS,
  DEFAULT_SEED,
  families,
  gradeSubmission as grade,
  isGraderError,
  properties,
  reporters,
  runSubjectProperty as runProperty,
};
