// hole: deletes an array item, leaving `length` as it was (a sparse array).
import { deleteProperty, isArray } from "../intrinsics";
import { ScenarioError } from "../scenario-error";
import type { DecorationKind } from "./registry";

export const holeDecoration: DecorationKind = {
  kind: "hole",
  apply(site) {
    if (site.isRoot || !isArray(site.parent)) throw new ScenarioError(`a hole needs an array item, got ${site.label}`);
    site.get();
    deleteProperty(site.parent, site.key);
  },
};
