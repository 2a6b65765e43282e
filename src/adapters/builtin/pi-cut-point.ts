import fc from "fast-check";
import { defineAdapter } from "../adapter";
import type { AuditMessage, OutputMessage } from "../ir";

// pi's findCutPoint (pi-coding-agent: @mariozechner/pi-coding-agent up to 0.73, then
// @earendil-works/pi-coding-agent from 0.74, same function and docs; pi-compaction.ts and
// node22/adapters/earendil-pi-compaction.ts bind it to each) (dist/core/compaction/compaction.d.ts,
// docs/compaction.md), called as prepareCompaction calls it on a session without an earlier
// compaction (prepareCompaction itself is not exported): session entries in, the first kept entry
// out; the model then sees the summary followed by the entries from there. The summary needs a
// model and is not part of the cut, so the adapter writes a SUMMARY placeholder where it goes.

type PiOptions = { keepRecentTokens: number };
type CutPointResult = { firstKeptEntryIndex: number; turnStartIndex: number; isSplitTurn: boolean };
/** The two functions of the library the adapter calls. */
export type PiCompaction = {
  findCutPoint(entries: never, startIndex: number, endIndex: number, keepRecentTokens: number): CutPointResult;
  estimateTokens(message: never): number;
};
type Entry = { type: "message"; id: string; parentId: string | null; timestamp: string; message: Record<string, unknown> };

const usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };

function message(m: AuditMessage, at: number): Record<string, unknown> {
  switch (m.role) {
    case "system":
    case "user":
      return { role: "user", content: m.text, timestamp: at };
    case "assistant": {
      const calls = m.calls.map((c) => ({ type: "toolCall", id: c.id, name: c.name, arguments: c.args }));
      const stopReason = calls.length > 0 ? "toolUse" : "stop";
      return { role: "assistant", content: [{ type: "text", text: m.text }, ...calls], api: "fake", provider: "fake", model: "fake", usage, stopReason, timestamp: at };
    }
    case "tool":
      return { role: "toolResult", toolCallId: m.callId, toolName: m.name, content: [{ type: "text", text: m.text }], isError: false, timestamp: at };
  }
}

function fromEntry(entry: Entry): OutputMessage {
  const m = entry.message as { role: string; content: unknown; toolCallId?: string; toolName?: string };
  const blocks = Array.isArray(m.content) ? (m.content as { type: string; text?: string; id?: string; name?: string; arguments?: never }[]) : [];
  const text = typeof m.content === "string" ? m.content : blocks.filter((b) => b.type === "text").map((b) => b.text ?? "").join("");
  if (m.role === "user") return { id: entry.id, role: "user", text };
  if (m.role === "toolResult") return { id: entry.id, role: "tool", callId: m.toolCallId ?? "", name: m.toolName ?? "", text };
  const calls = blocks.filter((b) => b.type === "toolCall").map((b) => ({ id: b.id ?? "", name: b.name ?? "", args: b.arguments ?? {} }));
  return { id: entry.id, role: "assistant", text, calls };
}

const keptAfterCut = (entries: Entry[], cut: CutPointResult) => entries.slice(cut.firstKeptEntryIndex);

/**
 * What may follow the first kept entry, by docs/compaction.md: walking back from the newest, the
 * walk stops at the entry where keepRecentTokens is reached and cuts at the closest user or
 * assistant message at or after it, so less than keepRecentTokens follows the cut. When no such
 * message follows (a tool result reached the budget), the docs' split-turn rule ("the cut point
 * lands mid-turn at an assistant message") puts the cut at the closest one before it.
 */
function documentedLimit(entries: Entry[], tokens: number[], keep: number, after: (from: number) => number): number {
  let sum = 0;
  let stop = -1;
  for (let i = tokens.length - 1; i >= 0 && stop < 0; i--) if ((sum += tokens[i]!) >= keep) stop = i;
  if (stop < 0) return Number.POSITIVE_INFINITY;
  const isCut = (e: Entry) => e.message.role !== "toolResult";
  if (entries.slice(stop).some(isCut)) return keep - 1;
  const before = entries.slice(0, stop).findLastIndex(isCut);
  return before < 0 ? Number.POSITIVE_INFINITY : after(before);
}

/** The adapter for one copy of the library: `library` is the name it is imported by. */
export const piCutPointAdapter = (name: string, library: string, { findCutPoint, estimateTokens }: PiCompaction) => defineAdapter({
  name,
  subject: "findCutPoint (compaction)",
  library,
  form: "summary+suffix",
  // Its agent loop answers every call of an assistant message right after it; no system entries.
  shapes: ["parallel"],
  options: fc.record({ keepRecentTokens: fc.integer({ min: 1, max: 40 }) }),
  properties: {
    "output.well-formed": { claim: "documented", docs: "findCutPoint returns the index of the first entry to keep" },
    "output.kept-in-order": { claim: "documented", docs: "docs/compaction.md: the LLM sees summary + messages from firstKeptEntryId onwards" },
    "pairing.result-has-call": { claim: "documented", docs: "docs/compaction.md, Cut Point Rules: never cut at tool results (they must stay with their tool call)" },
    "pairing.call-has-results": { claim: "documented", docs: "findCutPoint JSDoc: when cutting at an assistant message with tool calls, its tool results come after and will be kept" },
    "input.not-mutated": { claim: "documented", docs: "compaction.d.ts: pure functions for compaction logic" },
    "output.deterministic": { claim: "documented", docs: "compaction.d.ts: pure functions for compaction logic" },
    "budget.respected": {
      claim: "documented",
      docs: "docs/compaction.md: walk backwards from newest, accumulating token estimates until keepRecentTokens is reached, cut there; a turn over the budget is cut mid-turn at an assistant message",
    },
  },
  toLibrary: (transcript): Entry[] =>
    transcript.map((m, i) => ({ type: "message", id: m.id, parentId: i === 0 ? null : transcript[i - 1]!.id, timestamp: new Date(i * 1000).toISOString(), message: message(m, i * 1000) })),
  run: (entries: Entry[], o: PiOptions) => findCutPoint(entries as never, 0, entries.length, o.keepRecentTokens),
  fromLibrary: (cut: CutPointResult, entries: Entry[]): OutputMessage[] => {
    const kept = keptAfterCut(entries, cut);
    if (kept.length === 0 && entries.length > 0) return [{ id: "", role: "invalid", what: `firstKeptEntryIndex ${cut.firstKeptEntryIndex} is past the end` }];
    return [{ id: "summary", role: "summary", text: "" }, ...kept.map(fromEntry)];
  },
  budget: (cut: CutPointResult, entries: Entry[], o: PiOptions) => {
    const tokens = entries.map((e) => estimateTokens(e.message as never));
    const after = (from: number) => tokens.slice(from + 1).reduce((a, b) => a + b, 0);
    return { used: after(cut.firstKeptEntryIndex), limit: documentedLimit(entries, tokens, o.keepRecentTokens, after) };
  },
});
