import { Agent, MemorySession, Runner, type AgentInputItem } from "@openai/agents-core";
import fc from "fast-check";
import { defineAdapter } from "../../src/adapters/adapter";
import type { AuditMessage, OutputMessage } from "../../src/adapters/ir";

// @openai/agents-core: a MemorySession holding the transcript, and a run whose
// sessionInputCallback keeps the last `limit` history items (run.d.ts: "customizes how session
// history is combined with the current turn's input"). The output is what the runner then sends to
// the model (a fake model records it), without the new turn's input. Session.getItems(limit) is
// documented as "the most recent limit items in chronological order"; the runner drops calls left
// without results (dropOrphanToolCalls) but nothing documents keeping results with their calls.
// The unit is the item, not the message: an assistant message is a text item and one item per
// call, and a window may keep some of them, so "output.kept-unchanged" does not apply.

type SessionOptions = { limit: number };
type Input = { items: AgentInputItem[] };

function toItems(transcript: readonly AuditMessage[]): AgentInputItem[] {
  return transcript.flatMap((m): AgentInputItem[] => {
    if (m.role === "system") return [{ role: "system", content: m.text, id: m.id } as AgentInputItem];
    if (m.role === "user") return [{ role: "user", content: m.text, id: m.id } as AgentInputItem];
    if (m.role === "tool") return [{ type: "function_call_result", callId: m.callId, name: m.name, output: { type: "text", text: m.text }, id: m.id, status: "completed" } as AgentInputItem];
    // The Responses items carry each call as its own item: the message's id goes on the first
    // (its text, when any, as an assistant message item), the calls on items "<id>#<call>".
    const text = m.text === "" ? [] : [{ role: "assistant", status: "completed", content: [{ type: "output_text", text: m.text }], id: m.id } as AgentInputItem];
    const calls = m.calls.map((c, i) => ({ type: "function_call", callId: c.id, name: c.name, arguments: JSON.stringify(c.args), status: "completed", id: text.length === 0 && i === 0 ? m.id : `${m.id}#${c.id}` }) as AgentInputItem);
    return [...text, ...calls];
  });
}

/** Items back to IR messages: an assistant message regroups its text and call items by id. */
function fromItems(items: readonly AgentInputItem[]): OutputMessage[] {
  const out: OutputMessage[] = [];
  for (const item of items) {
    const id = String((item as { id?: unknown }).id ?? "").split("#")[0]!;
    const type = (item as { type?: string }).type;
    if (type === "function_call" || (type === "message" || type === undefined) && (item as { role?: string }).role === "assistant") {
      const last = out.at(-1);
      const target = last?.role === "assistant" && last.id === id ? last : (out.push({ id, role: "assistant", text: "", calls: [] }), out.at(-1) as Extract<OutputMessage, { role: "assistant" }>);
      if (type === "function_call") {
        const call = item as { callId: string; name: string; arguments: string };
        target.calls.push({ id: call.callId, name: call.name, args: JSON.parse(call.arguments) });
      } else target.text = ((item as { content?: { text?: string }[] }).content ?? []).map((c) => c.text ?? "").join("");
    } else if (type === "function_call_result") {
      const r = item as { callId: string; name: string; output: { text?: string } };
      out.push({ id, role: "tool", callId: r.callId, name: r.name, text: r.output.text ?? "" });
    } else {
      const role = (item as { role?: string }).role;
      const content = (item as { content?: unknown }).content;
      if (role === "user" || role === "system") out.push({ id, role, text: typeof content === "string" ? content : "" });
      else out.push({ id, role: "invalid", what: `item of type ${type ?? role}` });
    }
  }
  return out;
}

const NEW_TURN = "(new turn)";

async function runOnce(transcript: Input, o: SessionOptions): Promise<AgentInputItem[]> {
  let seen: AgentInputItem[] = [];
  const model = {
    async getResponse(request: { input: string | AgentInputItem[] }) {
      seen = typeof request.input === "string" ? [] : structuredClone(request.input);
      const output = [{ type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text: "ok" }] }];
      return { usage: { requests: 1, inputTokens: 0, outputTokens: 0, totalTokens: 0 }, output, responseId: "r" };
    },
    getStreamedResponse() {
      throw new Error("not used");
    },
  };
  const session = new MemorySession({ initialItems: transcript.items });
  const agent = new Agent({ name: "audit", model: model as never });
  await new Runner({ tracingDisabled: true }).run(agent, NEW_TURN, { session, sessionInputCallback: (history, next) => [...history.slice(Math.max(0, history.length - o.limit)), ...next] });
  return seen.filter((item) => (item as { content?: unknown }).content !== NEW_TURN);
}

export const openaiSession = defineAdapter({
  name: "openai-session",
  subject: "session history (runner input)",
  library: "@openai/agents-core",
  form: "subsequence",
  shapes: ["system", "parallel"],
  options: fc.record({ limit: fc.integer({ min: 0, max: 8 }) }),
  properties: {
    "output.well-formed": { claim: "documented", docs: "the runner sends history items followed by the new input" },
    "output.kept-in-order": { claim: "documented", docs: "session.d.ts getItems: the most recent items in chronological order" },
    "pairing.result-has-call": { claim: "not-promised", docs: "not promised: getItems(limit) is documented as the raw last N items; the runner repairs calls without results (dropOrphanToolCalls) but documents nothing for results without calls" },
    "pairing.call-has-results": { claim: "not-promised", docs: "not promised in the docs; the runner drops calls without results (dropOrphanToolCalls) before the model call" },
    "input.not-mutated": { claim: "documented", docs: "MemorySession clones items in and out (cloneAgentItem)" },
    "output.deterministic": { claim: "documented", docs: "no randomness in history preparation" },
  },
  toLibrary: (transcript): Input => ({ items: toItems(transcript) }),
  run: runOnce,
  fromLibrary: (items: AgentInputItem[]) => fromItems(items),
});
