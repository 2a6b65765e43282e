import { stepMessages } from "./program";
import type { Scenario } from "./scenario";

/** Messages in a scenario's context, input or transcript (a program's: those its steps append): the size a reader has to read. */
export function messagesIn(scenario: Scenario | undefined): number | null {
  if (scenario === undefined) return null;
  const operation = scenario.operation;
  if (operation.kind === "program") return operation.steps.reduce((sum, step) => sum + stepMessages(step).length, 0);
  const holder = operation.kind === "groups" ? { messages: operation.transcript } : operation.kind === "build" || operation.kind === "units" ? operation.input : operation.context;
  const messages = holder !== null && typeof holder === "object" && !Array.isArray(holder) ? holder.messages : undefined;
  return Array.isArray(messages) ? messages.length : 0;
}
