// Uma's submission: src/core/transcript.ts as it is, its imports pointed at her own reader of tool-call
// arguments (./json.ts) where the chain reaches it. Nothing else is changed.
// A transcript read for a context (contract §2, §3): every message read and copied in one
// pass, linkage checked as it goes (a result must find its call earlier in the transcript,
// with the call's name, once), and the per-message facts the rest of the core needs
// computed once: units, item and string counts (for deriving contexts without re-reading),
// and, for each message, the index of the last result of its calls ("reach"), from which
// groups and boundaries follow without another look at the messages.
import { MAX_CONTEXT_MESSAGES } from "../../../src/core/limits";
import { Int32ArrayConstructor, SafeMap, freeze } from "../../../src/core/intrinsics";
import type { Message } from "../../../src/core/types";
import { Fault, arrayItem, arrayLength, fault, limitFault, type Budget } from "../../../src/core/read";
import { lastMessage, readMessage } from "./message-read";

/**
 * Facts about a frozen message array, shared by every context derived from it: a context
 * whose messages are `messages.slice(offset)` uses the same table with its own offset.
 * Prefix sums make the units (items, strings) of any slice one subtraction.
 */
export type MessageTable = MessageFacts & { readonly messages: readonly Message[] };

/** A table without its messages: what the registry keeps (registry.ts says why). */
export type MessageFacts = {
  readonly unitsPrefix: Int32Array;
  readonly itemsPrefix: Int32Array;
  readonly stringsPrefix: Int32Array;
  /** For message i: the index of the last result of its tool calls, or i itself. */
  readonly reach: Int32Array;
  /** For a tool-result message: the index of the message holding its call; else -1. */
  readonly callIndex: Int32Array;
};

// The issue kinds of a transcript's faults are never read: readTranscript's callers go through
// inChannel, which maps a fault by its limit flag only (validateTranscript has its own reader).
// Stryker disable next-line StringLiteral: the issue kind is never read (see above)
const SHAPE = "INVALID_MESSAGE";
// Stryker disable next-line StringLiteral: the issue kind is never read (see above)
const BUDGET = "INVALID_TRANSCRIPT";

type CallState = { readonly index: number; readonly name: string; answered: boolean };

/**
 * Reads `value` as a transcript. Faults propagate; the caller maps them to its codes. The
 * 1,000,000-unit ceiling is the caller's, checked once the context is built (§8).
 */
export function readTranscript(value: unknown, budget: Budget): MessageTable {
  // Stryker disable next-line StringLiteral: names the place in a message text only
  const length = arrayLength(value, SHAPE, "messages");
  if (length > MAX_CONTEXT_MESSAGES) {
    // Stryker disable next-line StringLiteral: message text; the code is the contract
    limitFault(BUDGET, `more than ${MAX_CONTEXT_MESSAGES} messages`);
  }
  // Stryker disable next-line StringLiteral: names the place in a message text only
  budget.addArrayItems(value as object, length, SHAPE, "messages");
  const messages: Message[] = [];
  // Typed arrays: every count is below 2^31 (units and strings are bounded by 1,000,000).
  const unitsPrefix = new Int32ArrayConstructor(length + 1);
  const itemsPrefix = new Int32ArrayConstructor(length + 1);
  const stringsPrefix = new Int32ArrayConstructor(length + 1);
  const reach = new Int32ArrayConstructor(length);
  const callIndex = new Int32ArrayConstructor(length);
  const calls = new SafeMap<string, CallState>();
  let open = 0;
  for (let i = 0; i < length; i++) {
    const itemsBefore = budget.items;
    const stringsBefore = budget.strings;
    let message: Message;
    try {
      // Stryker disable next-line StringLiteral: names the place in a message text only
      message = readMessage(arrayItem(value as object, i, SHAPE, "messages"), budget, "message");
    } catch (error) {
      // Stryker disable next-line StringLiteral: message text; the code is the contract
      throw Fault.is(error) ? error.at(`messages[${i}]`) : error;
    }
    messages[i] = message;
    unitsPrefix[i + 1] = unitsPrefix[i] + lastMessage.units;
    itemsPrefix[i + 1] = itemsPrefix[i] + (budget.items - itemsBefore);
    stringsPrefix[i + 1] = stringsPrefix[i] + (budget.strings - stringsBefore);
    reach[i] = i;
    callIndex[i] = -1;
    if (message.role === "assistant") {
      const content = message.content;
      for (let b = 0; b < content.length; b++) {
        const block = content[b];
        if (block.type !== "toolCall") continue;
        if (calls.has(block.id)) {
          // Stryker disable next-line StringLiteral: message text; the code is the contract
          fault(SHAPE, `messages[${i}]: duplicate tool-call id ${block.id}`);
        }
        calls.set(block.id, { index: i, name: block.name, answered: false });
        open++;
      }
    } else if (message.role === "toolResult") {
      const call = calls.get(message.toolCallId);
      if (call === undefined) {
        // Stryker disable next-line StringLiteral: message text; the code is the contract
        fault(SHAPE, `messages[${i}]: no earlier tool call ${message.toolCallId}`);
      }
      if (call.answered) {
        // Stryker disable next-line StringLiteral: message text; the code is the contract
        fault(SHAPE, `messages[${i}]: a second result for ${message.toolCallId}`);
      }
      if (call.name !== message.toolName) {
        // Stryker disable next-line StringLiteral: message text; the code is the contract
        fault(SHAPE, `messages[${i}]: toolName differs from the call's name`);
      }
      call.answered = true;
      open--;
      reach[call.index] = i;
      callIndex[i] = call.index;
    }
  }
  if (open !== 0) {
    // Stryker disable next-line StringLiteral: message text; the code is the contract
    fault(SHAPE, "a tool call has no result");
  }
  return freeze({ messages: freeze(messages), unitsPrefix, itemsPrefix, stringsPrefix, reach, callIndex });
}
