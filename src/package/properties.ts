import { allProperties } from "../../properties/index";
import type { PropertyDefinition } from "../scenario/property";
import { CRITERIA, type Criterion, type CriterionId } from "../grader/criteria";
import { criterionOfProperty } from "../grader/rubric/property-criteria";
import { DEFAULT_RUBRIC } from "../grader/rubric/rubric";
import { COURSE_SAYS } from "../grader/rubric/criterion-words";

// The property list of the package: what a report's ids and points mean (docs/properties.md).

export type PropertyInfo = Pick<PropertyDefinition, "id" | "family" | "title" | "weight" | "catches" | "specRef"> & {
  /** The acceptance criterion it belongs to (docs/grading.md, "Rubric"). */
  readonly criterion: CriterionId;
};

/** Every property in report order, with its id, family, criterion and weight (points; they add up to 200). */
export const properties: readonly PropertyInfo[] = Object.freeze(
  allProperties.map(({ id, family, title, weight, catches, specRef }) => Object.freeze({ id, family, title, weight, catches, specRef, criterion: criterionOfProperty(id)! })),
);

export type CriterionInfo = Criterion & {
  /** The acceptance criterion as the course states it. */
  readonly says: string;
  /** Its points in the default rubric (they add up to 200). */
  readonly points: number;
};

/** The checkpoint's acceptance criteria in the course's order, with their points in the default rubric. */
export const criteria: readonly CriterionInfo[] = Object.freeze(CRITERIA.map((c) => Object.freeze({ ...c, says: COURSE_SAYS[c.id], points: DEFAULT_RUBRIC.points[c.id] })));

/** The families in report order: the `describe` blocks of contractSuite and the names `only` accepts. */
export const families: readonly string[] = Object.freeze([...new Set(allProperties.map((p) => p.family))]);
