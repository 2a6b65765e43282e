import fc from "fast-check";
import type { AssistantMessageData, Json, MessageData } from "../../src/scenario/data";

// A transcript is generated as a list of events and folded into messages. Any list folds
// into a valid transcript (a result only answers a call that is still open, every call left
// open is answered at the end), so shrinking the list keeps the transcript valid.

export type Layout = "textOnly" | "callsOnly" | "textBefore" | "textAfter" | "textAround" | "textBetween" | "empty";

export type TranscriptEvent =
  | { t: "user"; content: string }
  | { t: "assistant"; layout: Layout; texts: [string, string]; calls: { name: string; args: { [key: string]: Json } }[] }
  | { t: "result"; pick: number; content: string; isError: boolean };

export type EventPieces = {
  text: fc.Arbitrary<string>;
  name: fc.Arbitrary<string>;
  args: fc.Arbitrary<{ [key: string]: Json }>;
  maxCallsPerMessage: number;
};

export function eventArbitrary(p: EventPieces): fc.Arbitrary<TranscriptEvent> {
  // An assistant message or a result may cross-shrink to a user message (the fold keeps the transcript valid).
  return fc.oneof(
    { withCrossShrink: true },
    { weight: 2, arbitrary: p.text.map((content): TranscriptEvent => ({ t: "user", content })) },
    {
      weight: 3,
      arbitrary: fc
        .record({
          layout: fc.constantFrom<Layout>("textOnly", "callsOnly", "callsOnly", "textBefore", "textAfter", "textAround", "textBetween", "empty"),
          texts: fc.tuple(p.text, p.text),
          calls: fc.array(fc.record({ name: p.name, args: p.args }), { minLength: 1, maxLength: p.maxCallsPerMessage }),
        })
        .map((a): TranscriptEvent => ({ t: "assistant", ...a })),
    },
    {
      weight: 4,
      arbitrary: fc
        .record({ pick: fc.nat(), content: p.text, isError: fc.boolean() })
        .map((r): TranscriptEvent => ({ t: "result", ...r })),
    },
  );
}

export type FoldOptions = {
  messagePrefix: string;
  callPrefix: string;
  /** Order in which calls still open at the end are answered (index into the open list). */
  closing: readonly number[];
  /** Stop adding events once this many messages (plus pending results) exist. */
  maxMessages?: number;
};

/** Folds events into a valid transcript; ids are prefix + counter, so unique by construction. */
export function foldEvents(events: Iterable<TranscriptEvent>, o: FoldOptions): MessageData[] {
  const messages: MessageData[] = [];
  const open: { id: string; name: string }[] = [];
  let nextMessage = 0;
  let nextCall = 0;
  const messageId = () => `${o.messagePrefix}${nextMessage++}`;
  const answer = (index: number, content: string, isError: boolean) => {
    const [call] = open.splice(index, 1);
    messages.push({ id: messageId(), role: "toolResult", toolCallId: call!.id, toolName: call!.name, content, isError });
  };
  for (const e of events) {
    if (o.maxMessages !== undefined && messages.length + open.length >= o.maxMessages) break;
    if (e.t === "user") messages.push({ id: messageId(), role: "user", content: e.content });
    else if (e.t === "result") {
      if (open.length > 0) answer(e.pick % open.length, e.content, e.isError);
    } else messages.push(assistant(messageId(), e, () => `${o.callPrefix}${nextCall++}`, open));
  }
  let k = 0;
  while (open.length > 0) answer((o.closing[k++] ?? 0) % open.length, "", false);
  return messages;
}

function assistant(
  id: string,
  e: Extract<TranscriptEvent, { t: "assistant" }>,
  callId: () => string,
  open: { id: string; name: string }[],
): AssistantMessageData {
  const text = (t: string) => ({ type: "text" as const, text: t });
  if (e.layout === "empty") return { id, role: "assistant", content: [] };
  if (e.layout === "textOnly") return { id, role: "assistant", content: [text(e.texts[0])] };
  const calls = e.calls.map((c) => {
    const call = { type: "toolCall" as const, id: callId(), name: c.name, arguments: c.args };
    open.push({ id: call.id, name: c.name });
    return call;
  });
  switch (e.layout) {
    case "callsOnly":
      return { id, role: "assistant", content: calls };
    case "textBefore":
      return { id, role: "assistant", content: [text(e.texts[0]), ...calls] };
    case "textAfter":
      return { id, role: "assistant", content: [...calls, text(e.texts[0])] };
    case "textAround":
      return { id, role: "assistant", content: [text(e.texts[0]), ...calls, text(e.texts[1])] };
    case "textBetween":
      return { id, role: "assistant", content: [calls[0]!, text(e.texts[0]), ...calls.slice(1)] };
  }
}
