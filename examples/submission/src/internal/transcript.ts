// A transcript read for a context (contract §2, §3): every message read and copied in one
// pass, linkage checked as it goes (a result must find its call earlier in the transcript,
// with the call's name, once), and the per-message facts the rest of the core needs
// computed once: units, item and string counts (for deriving contexts without re-reading),
// and, for each message, the index of the last result of its calls ("reach"), from which
// groups and boundaries follow without another look at the messages.
import { MAX_CONTEXT_MESSAGES, MAX_CONTEXT_TOTAL_UNITS } from "./limits";
import { ArrayConstructor, SafeMap, freeze } from "./intrinsics";
import type { Message } from "./types";
import { arrayItem, arrayLength, fault, limitFault, type Budget } from "./read";
import { lastMessage, readMessage } from "./message-read";

/**
 * Facts about a frozen message array, shared by every context derived from it: a context
 * whose messages are `messages.slice(offset)` uses the same table with its own offset.
 * Prefix sums make the units (items, strings) of any slice one subtraction.
 */
export type MessageTable = {
  readonly messages: readonly Message[];
  readonly unitsPrefix: readonly number[];
  readonly itemsPrefix: readonly number[];
  readonly stringsPrefix: readonly number[];
  /** For message i: the index of the last result of its tool calls, or i itself. */
  readonly reach: readonly number[];
  /** For a tool-result message: the index of the message holding its call; else -1. */
  readonly callIndex: readonly number[];
};

type CallState = { readonly index: number; readonly name: string; answered: boolean };

/**
 * Reads `value` as a transcript. `baseUnits` are the units already in the context
 * (requirements and summary), so that the 1,000,000-unit ceiling is checked message by
 * message. Faults propagate; the caller maps them to its codes.
 */
export function readTranscript(value: unknown, budget: Budget, baseUnits: number): MessageTable {
  const length = arrayLength(value, "INVALID_MESSAGE", "messages");
  if (length > MAX_CONTEXT_MESSAGES) limitFault("INVALID_TRANSCRIPT", `more than ${MAX_CONTEXT_MESSAGES} messages`);
  budget.addItems(length, length);
  const messages: Message[] = new ArrayConstructor(length);
  const unitsPrefix: number[] = new ArrayConstructor(length + 1);
  const itemsPrefix: number[] = new ArrayConstructor(length + 1);
  const stringsPrefix: number[] = new ArrayConstructor(length + 1);
  const reach: number[] = new ArrayConstructor(length);
  const callIndex: number[] = new ArrayConstructor(length);
  unitsPrefix[0] = 0;
  itemsPrefix[0] = 0;
  stringsPrefix[0] = 0;
  const calls = new SafeMap<string, CallState>();
  let open = 0;
  for (let i = 0; i < length; i++) {
    const itemsBefore = budget.canonicalItems;
    const stringsBefore = budget.canonicalStrings;
    const message = readMessage(arrayItem(value as object, i, "INVALID_MESSAGE", "messages"), budget, `messages[${i}]`);
    messages[i] = message;
    unitsPrefix[i + 1] = unitsPrefix[i] + lastMessage.units;
    itemsPrefix[i + 1] = itemsPrefix[i] + (budget.canonicalItems - itemsBefore);
    stringsPrefix[i + 1] = stringsPrefix[i] + (budget.canonicalStrings - stringsBefore);
    if (baseUnits + unitsPrefix[i + 1] > MAX_CONTEXT_TOTAL_UNITS) {
      limitFault("INVALID_TRANSCRIPT", `the context exceeds ${MAX_CONTEXT_TOTAL_UNITS} units`);
    }
    reach[i] = i;
    callIndex[i] = -1;
    if (message.role === "assistant") {
      const content = message.content;
      for (let b = 0; b < content.length; b++) {
        const block = content[b];
        if (block.type !== "toolCall") continue;
        if (calls.has(block.id)) fault("INVALID_MESSAGE", `messages[${i}]: duplicate tool-call id ${block.id}`);
        calls.set(block.id, { index: i, name: block.name, answered: false });
        open++;
      }
    } else if (message.role === "toolResult") {
      const call = calls.get(message.toolCallId);
      if (call === undefined) fault("INVALID_MESSAGE", `messages[${i}]: no earlier tool call ${message.toolCallId}`);
      if (call.answered) fault("INVALID_MESSAGE", `messages[${i}]: a second result for ${message.toolCallId}`);
      if (call.name !== message.toolName) fault("INVALID_MESSAGE", `messages[${i}]: toolName differs from the call's name`);
      call.answered = true;
      open--;
      reach[call.index] = i;
      callIndex[i] = call.index;
    }
  }
  if (open !== 0) fault("INVALID_MESSAGE", "a tool call has no result");
  return freeze({ messages: freeze(messages), unitsPrefix, itemsPrefix, stringsPrefix, reach, callIndex });
}
