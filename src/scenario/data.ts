// Plain, serializable data shapes. A scenario is made only of these, so it prints as JSON,
// goes into the corpus as a file and replays anywhere.

/** JSON as it can be written to a file. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * A value that plain JSON cannot carry, written as a tagged object. The driver turns it into
 * the live value; the model reads the tag. `$cc` is reserved: generators never use it as a key.
 * - "-0", "NaN", "Infinity", "-Infinity": those numbers
 * - "undefined": the value undefined
 * - "function": a function that counts its calls (a call is a contract violation)
 * - "bigint": BigInt(value), value a decimal string
 * - "symbol": a fresh Symbol(description)
 * - "boxedString": new String(value), a String object (not a string: typeof "object")
 * - "abortedSignal": a genuine AbortSignal, already aborted (a fresh controller's, aborted)
 * - "abortError": a DOMException named "AbortError" (what an aborted fetch rejects with)
 * - "abortNamedError": an Error whose name is "AbortError"
 */
export type Special =
  | { $cc: "-0" | "NaN" | "Infinity" | "-Infinity" | "undefined" | "function" | "abortedSignal" | "abortError" | "abortNamedError" }
  | { $cc: "bigint"; value: string }
  | { $cc: "symbol"; description: string }
  | { $cc: "boxedString"; value: string };

export const SPECIAL_TAG = "$cc";

export type UserMessageData = { id: string; role: "user"; content: string };
export type TextBlockData = { type: "text"; text: string };
export type ToolCallData = { type: "toolCall"; id: string; name: string; arguments: { [key: string]: Json } };
export type AssistantMessageData = { id: string; role: "assistant"; content: (TextBlockData | ToolCallData)[] };
export type ToolResultMessageData = {
  id: string;
  role: "toolResult";
  toolCallId: string;
  toolName: string;
  content: string;
  isError: boolean;
};
export type MessageData = UserMessageData | AssistantMessageData | ToolResultMessageData;

export type RequirementData = { id: string; content: string };
export type SummaryData = { id: string; content: string };
export type CompactionRecordData = {
  id: string;
  summaryId: string;
  boundary: number;
  compactedMessageIds: string[];
  unitsBefore: number;
  unitsAfter: number;
};

/** The input of buildActiveContext when it is well formed. Generators of hostile input use `Json`. */
export type ContextData = {
  requirements?: RequirementData[];
  summary?: SummaryData | null;
  messages?: MessageData[];
  compactions?: CompactionRecordData[];
};

/** A path into a scenario value: property names and array indices, outermost first. */
export type Path = readonly (string | number)[];

/** A JSON object: neither null nor an array (a Special's tagged object included). */
export function isJsonObject(v: Json | undefined): v is { [key: string]: Json } {
  return v !== null && v !== undefined && typeof v === "object" && !Array.isArray(v);
}
