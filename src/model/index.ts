// The independent model of the contract: the expected answer every property compares with.
// It imports nothing from src/core, on purpose.
import { modelBoundary, modelBoundaryWalk, suffixUnits } from "./boundary";
import { modelBuild } from "./build";
import { expectedFor } from "./expected";
import { modelGroups } from "./groups";
import { CODE, LIMIT } from "./limits";
import { modelBoundaryOptions, modelCompactOptions } from "./options";
import { simulateProgram } from "./program";
import { modelTranscriptErrors } from "./transcript-errors";
import {
  modelCodePoints,
  modelContextUnits,
  modelJsonUnits,
  modelMessageUnits,
  modelMessagesUnits,
  modelRequirementsUnits,
  modelSummaryUnits,
} from "./units";

export type { BoundaryOptions, BoundaryReason } from "./boundary";
export type { BuildOutcome, BuiltContext } from "./build";
export type { ModelGroup } from "./groups";
export type { ContractCode } from "./limits";
export type { CompactValues, OptionsCheck } from "./options";
export {
  CODE,
  LIMIT,
  expectedFor,
  modelBoundary,
  modelBoundaryOptions,
  modelBoundaryWalk,
  modelBuild,
  modelCodePoints,
  modelCompactOptions,
  modelContextUnits,
  modelGroups,
  modelJsonUnits,
  modelMessageUnits,
  modelMessagesUnits,
  modelRequirementsUnits,
  modelSummaryUnits,
  modelTranscriptErrors,
  simulateProgram,
  suffixUnits,
};
