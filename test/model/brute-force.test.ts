import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { contextData, transcript } from "../../generators";
import { modelBoundary, modelBuild, modelContextUnits, modelGroups, modelMessageUnits, modelRequirementsUnits } from "../../src/model";
import type { MessageData } from "../../src/scenario/data";

// The model's groups and boundary against the definitions read literally, by brute force
// over every cut index: a cut c is safe when no call before c has its result at or after c.

function safeCuts(messages: readonly MessageData[]): number[] {
  const resultAt = new Map<string, number>();
  messages.forEach((m, i) => m.role === "toolResult" && resultAt.set(m.toolCallId, i));
  const cuts: number[] = [];
  for (let c = 1; c <= messages.length; c++) {
    const splits = messages.slice(0, c).some((m) => m.role === "assistant" && m.content.some((b) => b.type === "toolCall" && resultAt.get(b.id)! >= c));
    if (!splits) cuts.push(c);
  }
  return cuts;
}

describe("model against brute force", () => {
  it("groups end exactly at the safe cuts, and a group is a round iff it holds a call", () => {
    fc.assert(
      fc.property(transcript(), (messages) => {
        const groups = modelGroups(messages);
        expect(groups.map((g) => g.endIndex)).toEqual(safeCuts(messages));
        groups.forEach((g, i) => expect(g.startIndex).toBe(i === 0 ? 0 : groups[i - 1]!.endIndex));
        for (const g of groups) {
          const hasCall = messages.slice(g.startIndex, g.endIndex).some((m) => m.role === "assistant" && m.content.some((b) => b.type === "toolCall"));
          expect(g.kind).toBe(hasCall ? "toolRound" : "message");
        }
      }),
    );
  });

  it("the boundary is the earliest safe cut within retention that fits the target", () => {
    fc.assert(
      fc.property(contextData(), fc.nat({ max: 400 }), fc.nat({ max: 60 }), fc.nat({ max: 12 }), (data, t, s, retain) => {
        const built = modelBuild(data as never);
        if (!built.ok) throw new Error("contextData must build");
        const ctx = built.context;
        const summaryMaxUnits = s + 1;
        const targetUnits = summaryMaxUnits + t;
        const latest = ctx.messages.length - retain;
        const units = (from: number) => ctx.messages.slice(from).reduce((sum, m) => sum + modelMessageUnits(m), 0);
        const fixed = modelRequirementsUnits(ctx.requirements) + summaryMaxUnits;
        const brute = safeCuts(ctx.messages).find((c) => c <= latest && fixed + units(c) <= targetUnits) ?? null;
        expect(modelBoundary(ctx, { targetUnits, summaryMaxUnits, retainRecentMessages: retain })).toBe(brute);
      }),
    );
  });

  it("context units add up over any split of the context", () => {
    fc.assert(
      fc.property(contextData(), fc.nat(), (data, k) => {
        const built = modelBuild(data as never);
        if (!built.ok) throw new Error("contextData must build");
        const { requirements, summary, messages } = built.context;
        const cut = k % (messages.length + 1);
        expect(modelContextUnits(built.context)).toBe(
          modelContextUnits({ requirements, summary, messages: messages.slice(0, cut) }) + modelContextUnits({ messages: messages.slice(cut) }),
        );
      }),
    );
  });
});
