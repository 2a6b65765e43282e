// The public face of the generators: every arbitrary and constraints type, by name.
import { NON_DEFAULT_ABORT_REASONS, abortReasonScenario } from "./abortReasonScenario";
import { asyncScenario } from "./asyncScenario";
import { boundaryScenario } from "./boundaryScenario";
import { buildScenario } from "./buildScenario";
import { compactScenario } from "./compactScenario";
import { contextData } from "./contextData";
import { contractString } from "./contractString";
import { frozenBuildScenario } from "./frozenBuildScenario";
import { groupsOverUnitsCeiling, groupsScenario } from "./groupsScenario";
import { HOSTILE_KINDS, hostileScenario } from "./hostileScenario";
import { LIMIT_NAMES, limitEdgeScenario, nullChannelProbes, pastLimitProbes } from "./limitEdgeScenario";
import { programScenario } from "./programScenario";
import { repeatedIdsScenario } from "./repeatedIdsScenario";
import { shapedTranscript } from "./shapedTranscript";
import { FAILING_SCRIPTS, FITTING_SCRIPTS, INVALID_SUMMARY_SCRIPTS, summarizerScript } from "./summarizerScript";
import { toolArguments } from "./toolArguments";
import { transcript } from "./transcript";
import { unitsScenario } from "./unitsScenario";
import { COMPACT_REGIMES } from "./_internals/compactRegimes";
import { ABORT_POINTS, ASYNC_SCRIPT_KINDS, ASYNC_SCRIPT_NAMES } from "./_internals/asyncScripts";
import { transcriptClasses } from "./_internals/transcriptClasses";
import { argumentsClasses } from "./_internals/json";
import { stringClasses } from "./_internals/strings";

export type { AbortReasonScenarioConstraints } from "./abortReasonScenario";
export type { AsyncScenarioConstraints, AsyncScriptName } from "./asyncScenario";
export type { BoundaryCase, BoundaryScenarioConstraints } from "./boundaryScenario";
export type { BuildScenarioConstraints } from "./buildScenario";
export type { CompactRegime, CompactScenarioConstraints } from "./compactScenario";
export type { ContextDataConstraints } from "./contextData";
export type { ContractStringConstraints } from "./contractString";
export type { FrozenBuildScenarioConstraints } from "./frozenBuildScenario";
export type { GroupsScenarioConstraints } from "./groupsScenario";
export type { HostileKind, HostileScenarioConstraints } from "./hostileScenario";
export type { LimitEdgeScenarioConstraints, LimitName } from "./limitEdgeScenario";
export type { ProgramProfile, ProgramScenarioConstraints } from "./programScenario";
export type { RepeatedIdsScenarioConstraints } from "./repeatedIdsScenario";
export type { ShapedTranscriptConstraints } from "./shapedTranscript";
export type { NamedSummarizerScript, SummarizerScriptConstraints, SummarizerScriptName } from "./summarizerScript";
export type { ToolArgumentsConstraints } from "./toolArguments";
export type { TranscriptConstraints } from "./transcript";
export type { UnitsScenarioConstraints } from "./unitsScenario";
export type { StringKind } from "./_internals/strings";
export type { ContextData, MessageData, Scenario } from "../src/scenario/index";
export {
  ABORT_POINTS,
  ASYNC_SCRIPT_KINDS,
  ASYNC_SCRIPT_NAMES,
  COMPACT_REGIMES,
  FAILING_SCRIPTS,
  FITTING_SCRIPTS,
  INVALID_SUMMARY_SCRIPTS,
  NON_DEFAULT_ABORT_REASONS,
  abortReasonScenario,
  asyncScenario,
  boundaryScenario,
  argumentsClasses,
  buildScenario,
  compactScenario,
  contextData,
  contractString,
  frozenBuildScenario,
  groupsOverUnitsCeiling,
  groupsScenario,
  HOSTILE_KINDS,
  hostileScenario,
  LIMIT_NAMES,
  limitEdgeScenario,
  pastLimitProbes,
  nullChannelProbes,
  programScenario,
  repeatedIdsScenario,
  shapedTranscript,
  stringClasses,
  summarizerScript,
  toolArguments,
  transcript,
  transcriptClasses,
  unitsScenario,
};
