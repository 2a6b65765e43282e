import { allProperties } from "../../properties/index";
import type { PropertyDefinition } from "../scenario/property";

// The property list of the package: what a report's ids and points mean (docs/properties.md).

export type PropertyInfo = Pick<PropertyDefinition, "id" | "family" | "title" | "weight" | "catches" | "specRef">;

/** Every property in report order, with its id, family and weight (points; they add up to 200). */
export const properties: readonly PropertyInfo[] = Object.freeze(
  allProperties.map(({ id, family, title, weight, catches, specRef }) => Object.freeze({ id, family, title, weight, catches, specRef })),
);

/** The families in report order: the `describe` blocks of contractSuite and the names `only` accepts. */
export const families: readonly string[] = Object.freeze([...new Set(allProperties.map((p) => p.family))]);
