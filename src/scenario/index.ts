export type { Json, Special, Path, MessageData, UserMessageData, AssistantMessageData, ToolResultMessageData, TextBlockData, ToolCallData, RequirementData, SummaryData, CompactionRecordData, ContextData } from "./data";
export { SPECIAL_TAG } from "./data";
export type { Scenario, Operation, SummarizerScript, AbortPoint, SummarizerSlot, SignalSlot, Decoration } from "./scenario";
export type { Observation, Outcome, ErrorObservation, FrozenReport, SummarizerCall } from "./observation";
export type { Expected } from "./expected";
export type { PropertyDefinition, CheckInput, Verdict } from "./property";
export type { Host, HostDescription } from "./host";
export type { ProgramStep, CompactStep, ProgramBudget, ProgramAbort, ProgramMeasures, ProgramOptions, StepObservation } from "./program";
export { programBudget, stepMessages } from "./program";
