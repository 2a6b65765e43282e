import type { Json } from "../scenario/data";

// The message IR an audit speaks: small enough for any library's shape to map onto it. An
// adapter converts a transcript of these into the library's messages and the library's output
// back. Ids are unique by construction ("m0", "m1"…, calls "c0", "c1"…), so the output can be
// compared with the input by id.

export type AuditCall = { id: string; name: string; args: { [key: string]: Json } };

export type AuditMessage =
  | { id: string; role: "system"; text: string }
  | { id: string; role: "user"; text: string }
  | { id: string; role: "assistant"; text: string; calls: AuditCall[] }
  | { id: string; role: "tool"; callId: string; name: string; text: string };

/** What an adapter reads back: the input's messages, a summary the library wrote, or an entry that is not a message. */
export type OutputMessage = AuditMessage | { id: string; role: "summary"; text: string } | { id: string; role: "invalid"; what: string };

/**
 * Transcript shapes beyond "adjacent rounds" (an assistant message followed directly by the
 * results of all its calls), which every adapter handles:
 * - system: a system message (first, or later);
 * - parallel: an assistant message with several calls;
 * - separated: a user or system message between a call and one of its results;
 * - interleaved: another assistant message between a call and one of its results.
 */
export type Shape = "system" | "parallel" | "separated" | "interleaved";
export const ALL_SHAPES: readonly Shape[] = ["system", "parallel", "separated", "interleaved"];

/** The shapes a transcript has (a valid transcript: every result after its call). */
export function shapesOf(transcript: readonly AuditMessage[]): Set<Shape> {
  const shapes = new Set<Shape>();
  const callAt = new Map<string, number>();
  transcript.forEach((message, index) => {
    if (message.role === "system") shapes.add("system");
    if (message.role === "assistant") {
      if (message.calls.length > 1) shapes.add("parallel");
      for (const call of message.calls) callAt.set(call.id, index);
    }
    if (message.role !== "tool") return;
    const from = callAt.get(message.callId);
    if (from === undefined) return;
    for (const between of transcript.slice(from + 1, index)) {
      if (between.role === "assistant") shapes.add("interleaved");
      if (between.role === "user" || between.role === "system") shapes.add("separated");
    }
  });
  return shapes;
}

/**
 * The transcript as libraries that carry all the results of one assistant message in one message
 * see it (ADK's function response event, Strands' user message of toolResult blocks): adjacent
 * tool results answering the same assistant message form one group; every other message is alone.
 */
export function groupAdjacentResults(transcript: readonly AuditMessage[]): AuditMessage[][] {
  const owner = new Map<string, string>();
  const groups: AuditMessage[][] = [];
  transcript.forEach((m, i) => {
    if (m.role === "assistant") for (const c of m.calls) owner.set(c.id, m.id);
    const previous = transcript[i - 1];
    if (m.role === "tool" && previous?.role === "tool" && owner.get(previous.callId) === owner.get(m.callId)) groups.at(-1)!.push(m);
    else groups.push([m]);
  });
  return groups;
}
