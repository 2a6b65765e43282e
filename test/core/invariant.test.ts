// The core invariant, checked directly: a cut index is safe (no call before it has a result at
// or after it) exactly when it is a group border, and every boundary the selector returns is
// the earliest safe cut that fits. Transcripts are valid by construction: calls open pending
// results, which later steps (or the end) deliver in any order, interleaved with user messages.
import { test } from "@fast-check/vitest";
import fc from "fast-check";
import { describe, expect } from "vitest";
import { groupToolRounds, selectCompactionBoundary } from "../../src/core/index";
import { assistant, build, call, result, text, units, user, type PlainMessage } from "./fixtures";

type Step = { kind: "user" } | { kind: "call"; calls: number; withText: boolean } | { kind: "result"; pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.constant({ kind: "user" as const }),
  fc.record({ kind: fc.constant("call" as const), calls: fc.integer({ min: 1, max: 3 }), withText: fc.boolean() }),
  fc.record({ kind: fc.constant("result" as const), pick: fc.nat() }),
);

function transcriptOf(steps: Step[], flushOrder: number[]): PlainMessage[] {
  const messages: PlainMessage[] = [];
  const pending: string[] = [];
  let next = 0;
  const id = (prefix: string) => `${prefix}${next++}`;
  const deliver = (index: number) => {
    const [callId] = pending.splice(index % pending.length, 1);
    messages.push(result(id("r"), callId!, "tool", "out"));
  };
  for (const s of steps) {
    if (s.kind === "user") messages.push(user(id("u"), "hello"));
    else if (s.kind === "call") {
      const calls = Array.from({ length: s.calls }, () => id("c"));
      pending.push(...calls);
      messages.push(assistant(id("a"), [...(s.withText ? [text("thinking")] : []), ...calls.map((c) => call(c, "tool", { c }))]));
    } else if (pending.length > 0) deliver(s.pick);
    else messages.push(user(id("u"), "idle"));
  }
  for (let i = 0; pending.length > 0; i++) deliver(flushOrder[i % Math.max(flushOrder.length, 1)] ?? 0);
  return messages;
}

const transcriptArb = fc
  .tuple(fc.array(step, { maxLength: 24 }), fc.array(fc.nat(), { maxLength: 6 }))
  .map(([steps, order]) => transcriptOf(steps, order));

/** Safe cuts computed from the linkage alone, independently of the core. */
function safeCuts(messages: PlainMessage[]): boolean[] {
  const callIndex = new Map<string, number>();
  const safe = Array.from({ length: messages.length + 1 }, () => true);
  messages.forEach((m, i) => {
    if (m.role === "assistant") for (const block of m.content as { type: string; id: string }[]) if (block.type === "toolCall") callIndex.set(block.id, i);
    if (m.role === "toolResult") for (let k = callIndex.get(m.toolCallId as string)! + 1; k <= i; k++) safe[k] = false;
  });
  return safe;
}

describe("no cut inside a group", () => {
  test.prop([transcriptArb])("group borders are exactly the safe cuts", (messages) => {
    const groups = groupToolRounds(messages as never);
    const borders = new Set([0, ...groups.map((g) => g.endIndex)]);
    const safe = safeCuts(messages);
    expect(safe.map((_, k) => borders.has(k))).toEqual(safe);
  });

  test.prop([transcriptArb])("groups tile the transcript in order", (messages) => {
    const groups = groupToolRounds(messages as never);
    let expectedStart = 0;
    for (const g of groups) {
      expect(g.startIndex).toBe(expectedStart);
      expect(g.endIndex).toBeGreaterThan(g.startIndex);
      expectedStart = g.endIndex;
    }
    expect(expectedStart).toBe(messages.length);
  });

  test.prop([transcriptArb])("a message group is one message without tool calls; a tool round starts with calls", (messages) => {
    const hasCalls = (m: PlainMessage) => m.role === "assistant" && (m.content as { type: string }[]).some((b) => b.type === "toolCall");
    for (const g of groupToolRounds(messages as never)) {
      if (g.kind === "message") expect(g.endIndex - g.startIndex === 1 && !hasCalls(messages[g.startIndex]!)).toBe(true);
      else expect(hasCalls(messages[g.startIndex]!)).toBe(true);
    }
  });

  test.prop([transcriptArb, fc.nat({ max: 3 }), fc.integer({ min: 1, max: 40 }), fc.nat({ max: 2_000 })])(
    "the boundary is the earliest safe cut that fits, or null when none does",
    (messages, retainRecentMessages, summaryMaxUnits, slack) => {
      const context = build({ requirements: [{ id: "r", content: "rule" }], messages });
      const targetUnits = units({ requirements: context.requirements }) + summaryMaxUnits + slack;
      const boundary = selectCompactionBoundary(context, { targetUnits, summaryMaxUnits, retainRecentMessages });
      const safe = safeCuts(messages);
      const latest = messages.length - retainRecentMessages;
      const fits = (k: number) => units({ requirements: context.requirements, messages: messages.slice(k) }) + summaryMaxUnits <= targetUnits;
      let expected: number | null = null;
      for (let k = 1; k <= latest; k++) {
        if (safe[k] && fits(k)) {
          expected = k;
          break;
        }
      }
      expect(boundary).toBe(expected);
    },
  );
});
