import { createEvent, isCompactedEvent, LlmSummarizer, TokenBasedContextCompactor, type Event } from "@google/adk";
import fc from "fast-check";
import { defineAdapter } from "../../src/adapters/adapter";
import { groupAdjacentResults, type AuditMessage, type OutputMessage } from "../../src/adapters/ir";

// @google/adk TokenBasedContextCompactor.compact (dist/types/context/token_based_context_compactor.d.ts,
// compaction_utils.d.ts), with its real LlmSummarizer over a fake model. compact() summarizes the
// session's events before the retained tail into a CompactedEvent and appends it to
// session.events, in place; the next request is built from the active events (getActiveEvents:
// the latest CompactedEvent, then the events after its endTime), which are the output here.
//
// ADK's shape: no system role (the instruction is the agent's, not an event), so a system message
// is a user event (an undocumented shape); the results of one model turn's calls arrive as one
// event with a functionResponse part each, so adjacent results of one assistant message are
// merged into one event; a long-running call's response may come later, after user events.
// Events carry the IR ids in customMetadata (ADK assigns event ids itself); the summary's id and
// timestamps are random or clock-based, so it reads back as a fixed "summary".

type AdkOptions = { eventRetentionSize: number };
type Audit = { ids: string[]; roles: ("system" | "user" | "assistant" | "tool")[] };
type Input = { events: Event[] };

const auditOf = (event: Event) => (event.customMetadata as { audit?: Audit } | undefined)?.audit;

function toEvents(transcript: readonly AuditMessage[]): Event[] {
  let clock = 0;
  return groupAdjacentResults(transcript).map((group) => {
    const timestamp = (clock += 1000);
    const audit = { audit: { ids: group.map((m) => m.id), roles: group.map((m) => m.role) } };
    const [m] = group as [AuditMessage];
    if (m.role === "tool") {
      const parts = group.map((r) => (r.role === "tool" ? { functionResponse: { id: r.callId, name: r.name, response: { result: r.text } } } : {}));
      return createEvent({ author: "audit_agent", invocationId: "i", timestamp, content: { role: "user", parts }, customMetadata: audit });
    }
    if (m.role === "assistant") {
      const parts = [...(m.text === "" ? [] : [{ text: m.text }]), ...m.calls.map((c) => ({ functionCall: { id: c.id, name: c.name, args: c.args } }))];
      return createEvent({ author: "audit_agent", invocationId: "i", timestamp, content: { role: "model", parts: parts.length === 0 ? [{ text: "" }] : parts }, customMetadata: audit });
    }
    return createEvent({ author: "user", invocationId: "i", timestamp, content: { role: "user", parts: [{ text: m.text }] }, customMetadata: audit });
  });
}

function fromEvent(event: Event): OutputMessage[] {
  if (isCompactedEvent(event)) return [{ id: "summary", role: "summary", text: event.compactedContent }];
  const audit = auditOf(event);
  const parts = event.content?.parts ?? [];
  if (audit === undefined) return [{ id: "", role: "invalid", what: `an event the adapter did not write (author ${event.author})` }];
  const [role] = audit.roles;
  if (role === "tool") {
    const responses = parts.filter((p) => p.functionResponse !== undefined);
    return responses.map((p, k) => ({ id: audit.ids[k] ?? "", role: "tool", callId: p.functionResponse!.id ?? "", name: p.functionResponse!.name ?? "", text: String((p.functionResponse!.response as { result?: unknown } | undefined)?.result ?? "") }));
  }
  const text = parts.map((p) => p.text ?? "").join("");
  if (role === "assistant") {
    const calls = parts.filter((p) => p.functionCall !== undefined).map((p) => ({ id: p.functionCall!.id ?? "", name: p.functionCall!.name ?? "", args: (p.functionCall!.args ?? {}) as never }));
    return [{ id: audit.ids[0]!, role: "assistant", text, calls }];
  }
  return [{ id: audit.ids[0]!, role: role === "system" ? "system" : "user", text }];
}

/** A model for LlmSummarizer: one response, the same text every time. */
const fakeModel = {
  model: "fake",
  async *generateContentAsync() {
    yield { content: { role: "model", parts: [{ text: "the summary" }] } };
  },
};

/** What the next request is built from: the latest CompactedEvent, then the events after it (ADK's getActiveEvents). */
function activeEvents(events: readonly Event[]): Event[] {
  const latest = events.filter(isCompactedEvent).pop();
  return latest === undefined ? [...events] : [latest, ...events.filter((e) => !isCompactedEvent(e) && e.timestamp > latest.endTime)];
}

const pairing = "compaction_utils.d.ts calculateRetainStartIndex: ensuring we don't split between a function call and its response";

export const adkTokenCompactor = defineAdapter({
  name: "adk-token-compactor",
  subject: "TokenBasedContextCompactor.compact with LlmSummarizer",
  library: "@google/adk",
  form: "summary+suffix",
  // Parallel calls (one event, a part per call), and long-running calls (LongRunningFunctionTool)
  // whose response the client sends later, after user events.
  shapes: ["parallel", "separated"],
  options: fc.record({ eventRetentionSize: fc.integer({ min: 0, max: 8 }) }),
  properties: {
    "output.well-formed": { claim: "documented", docs: "TokenBasedContextCompactorOptions.eventRetentionSize: the minimum number of raw events to keep at the end of the session (0 keeps none)" },
    "output.kept-in-order": { claim: "documented", docs: "TokenBasedContextCompactor: oldest events are summarized into a CompactedEvent; the tail of eventRetentionSize raw events is kept" },
    "output.kept-unchanged": { claim: "documented", docs: "eventRetentionSize: compaction will not affect these tail events" },
    "pairing.result-has-call": { claim: "documented", docs: pairing },
    "pairing.call-has-results": { claim: "documented", docs: pairing },
    "input.not-mutated": { claim: "documented", docs: "compact appends the CompactedEvent to session.events; the raw events stay as they were (getActiveEvents filters them)" },
    "output.deterministic": { claim: "documented", docs: "compact: the same events and summarizer give the same CompactedEvent content" },
  },
  toLibrary: (transcript): Input => ({ events: toEvents(transcript) }),
  // compact() appends to session.events in place, its documented effect: it gets a copy of the
  // array (the events themselves shared), so a change to an event is still seen as a mutation.
  run: async (input: Input, o: AdkOptions) => {
    const session = { events: [...input.events] };
    await new TokenBasedContextCompactor({ tokenThreshold: 0, eventRetentionSize: o.eventRetentionSize, summarizer: new LlmSummarizer({ llm: fakeModel as never }) }).compact({ session } as never);
    return activeEvents(session.events);
  },
  fromLibrary: (events: Event[]) => events.flatMap(fromEvent),
});
