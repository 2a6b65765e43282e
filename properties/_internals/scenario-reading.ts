import type { ContextData, Json, MessageData, Operation, Scenario, SummarizerScript } from "../../src/scenario";
import { modelBuild } from "../../src/model";
import { field, isRecord } from "./json";

// Typed readings of the scenario side of a check. Scenarios come from our own generators,
// so these only narrow types; they never guess at malformed data.

export type CompactOperation = Extract<Operation, { kind: "compact" }>;
export type BoundaryOperation = Extract<Operation, { kind: "boundary" }>;

export function operationOf<K extends Operation["kind"]>(scenario: Scenario, kind: K): Extract<Operation, { kind: K }> | null {
  return scenario.operation.kind === kind ? (scenario.operation as Extract<Operation, { kind: K }>) : null;
}

/**
 * The context argument of an operation as the model builds it (extra properties dropped,
 * missing fields defaulted), so checks compare with what the contract says is kept. An input
 * the model cannot build yields its raw fields; checks only read it when a value was expected.
 */
export function contextOf(operation: Operation): ContextData {
  const value = operation.kind === "units" || operation.kind === "build" ? operation.input : operation.kind === "groups" ? { messages: operation.transcript } : operation.kind === "program" ? { requirements: operation.requirements } : operation.context;
  const built = modelBuild(value);
  if (built.ok) return built.context;
  return (isRecord(value) ? value : {}) as ContextData;
}

export function messagesOf(context: ContextData): readonly MessageData[] {
  return context.messages ?? [];
}

/** A numeric option (targetUnits, summaryMaxUnits, …), or null when absent or not a number. */
export function numberOption(options: Json, name: string): number | null {
  const value = field(options, name);
  return typeof value === "number" ? value : null;
}

export function stringOption(options: Json, name: string): string | null {
  const value = field(options, name);
  return typeof value === "string" ? value : null;
}

/** The boundary options the model needs, when all three are numbers. */
export function boundaryOptions(options: Json): { targetUnits: number; summaryMaxUnits: number; retainRecentMessages: number } | null {
  const targetUnits = numberOption(options, "targetUnits");
  const summaryMaxUnits = numberOption(options, "summaryMaxUnits");
  const retainRecentMessages = numberOption(options, "retainRecentMessages");
  if (targetUnits === null || summaryMaxUnits === null || retainRecentMessages === null) return null;
  return { targetUnits, summaryMaxUnits, retainRecentMessages };
}

/** The text the scripted summarizer hands back, when the script delivers a string. */
export function scriptText(script: SummarizerScript): string | null {
  if ((script.kind === "text" || script.kind === "thenableChain") && typeof script.text === "string") return script.text;
  if (script.kind === "value" && typeof script.value === "string") return script.value;
  return null;
}
