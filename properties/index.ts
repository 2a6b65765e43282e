import type { PropertyDefinition } from "../src/scenario";
import { atomicityProperties } from "./atomicity";
import { boundaryProperties } from "./boundary";
import { compactionProperties } from "./compaction";
import { differentialProperties } from "./differential";
import { fastPathProperties } from "./fast-path";
import { groupsProperties } from "./groups";
import { unitsProperties } from "./units";

// The public face of the property families. Order is the report order: cheap, local facts
// first (units, groups, boundary), then compaction, then the safety families.

export const allProperties: readonly PropertyDefinition[] = [
  ...unitsProperties,
  ...groupsProperties,
  ...boundaryProperties,
  ...compactionProperties,
  ...fastPathProperties,
  ...atomicityProperties,
  ...differentialProperties,
];

export { unitsProperties, groupsProperties, boundaryProperties, compactionProperties, fastPathProperties, atomicityProperties, differentialProperties };
