import type { PropertyDefinition } from "../src/scenario";
import { asyncProperties } from "./async";
import { atomicityProperties } from "./atomicity";
import { boundaryProperties } from "./boundary";
import { compactionProperties } from "./compaction";
import { differentialProperties } from "./differential";
import { fastPathProperties } from "./fast-path";
import { groupsProperties } from "./groups";
import { hostileProperties } from "./hostile";
import { sequenceProperties } from "./sequences";
import { strengthProperties } from "./strength";
import { unitsProperties } from "./units";

// The public face of the property families. Order is the report order: cheap, local facts
// first (units, groups, boundary), then compaction, then the safety families, then hostile
// input, async observation and cancellation, compaction sequences, and the edge cases added
// to kill the mutant catalogue (strength). Weights add up to 200 (docs/properties.md).

/** The families of the scenario engine (issue 3); their kills are in test/properties/kill-table.ts. */
export const scenarioEngineProperties: readonly PropertyDefinition[] = [
  ...unitsProperties,
  ...groupsProperties,
  ...boundaryProperties,
  ...compactionProperties,
  ...fastPathProperties,
  ...atomicityProperties,
  ...differentialProperties,
];

export const allProperties: readonly PropertyDefinition[] = [
  ...scenarioEngineProperties,
  ...hostileProperties,
  ...asyncProperties,
  ...sequenceProperties,
  ...strengthProperties,
];

export {
  unitsProperties,
  groupsProperties,
  boundaryProperties,
  compactionProperties,
  fastPathProperties,
  atomicityProperties,
  differentialProperties,
  hostileProperties,
  asyncProperties,
  sequenceProperties,
  strengthProperties,
};
