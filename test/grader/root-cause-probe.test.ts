import { describe, expect, it } from "vitest";
import * as core from "../../src/core/index";
import { createInProcessHost } from "../../src/grader/in-process-host";
import fc from "fast-check";
import { MAX_REFUSALS, piecesOf, UpstreamProbe } from "../../src/grader/root-cause/probe";
import type { UpstreamMisses, UpstreamQuestions } from "../../src/model/upstream";
import type { ContextData } from "../../src/scenario/data";

// The probe stops asking a kind of question the subject has refused MAX_REFUSALS times without
// answering one (a function that always throws), and keeps asking the other kinds.

const questions = (): UpstreamQuestions => ({ builds: new Map(), compactions: new Map(), settlings: new Map(), options: new Map(), codePoints: new Set(), items: new Map(), groups: new Map(), boundaries: new Map() });
const misses = (fill: Partial<UpstreamQuestions>): UpstreamMisses => ({ ...questions(), ...fill, asked: questions() });

const context = (n: number): ContextData => ({ requirements: [], summary: null, messages: Array.from({ length: n }, (_, i) => ({ id: `m${i}`, role: "user", content: "hello" })), compactions: [] }) as unknown as ContextData;
const boundaryOptions = { targetUnits: 40, summaryMaxUnits: 5, retainRecentMessages: 1 };

function subjectWithThrowingUnits() {
  let unitsCalls = 0;
  const subject = {
    ...core,
    estimateContextUnits: () => {
      unitsCalls++;
      throw new Error("not implemented");
    },
  };
  return { host: createInProcessHost(subject as unknown as Record<string, unknown>), unitsCalls: () => unitsCalls };
}

describe("UpstreamProbe answers", () => {
  it("caches the answer \"no boundary\" (null) as an answer, not as a refusal", async () => {
    const probe = new UpstreamProbe(createInProcessHost(core as unknown as Record<string, unknown>));
    const tight = { targetUnits: 100, summaryMaxUnits: 5, retainRecentMessages: 3 };
    expect(core.selectCompactionBoundary(context(3) as never, tight), "the core answers null here (else the test proves nothing)").toBeNull();
    await probe.ask(misses({ boundaries: new Map([["none", { context: context(3), options: tight }]]) }));
    expect(probe.boundaries.has("none")).toBe(true);
    expect(probe.boundaries.get("none")).toBeNull();
  });
});

describe("u of a string the subject refuses in one message, asked in pieces", () => {
  const codePoints = (s: string) => [...s].length;

  it("cuts between code points, never inside a surrogate pair, into pieces of at most 16,384 UTF-16 units", () => {
    const unit = fc.constantFrom("a", "😀", "\uD800", "\uDC00");
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 40 }), fc.integer({ min: 0, max: 20_000 }), (tail, lead) => {
        const s = "😀".repeat(lead) + tail.join("");
        const pieces = piecesOf(s);
        expect(pieces.join("")).toBe(s);
        expect(pieces.every((p) => p.length > 0 && p.length <= 16_384)).toBe(true);
        expect(pieces.reduce((sum, p) => sum + codePoints(p), 0)).toBe(codePoints(s));
      }),
      { numRuns: 50 },
    );
  });

  it("answers u of 40,000 astral characters (past the limit as UTF-16 counts them) as the sum of its pieces", async () => {
    // Counts UTF-16 units, and refuses a string past 65,536 of them (as the limit, counted so).
    const utf16 = {
      ...core,
      estimateContextUnits: (ctx: { messages: { id: string; content: string }[] }) => {
        if (ctx.messages.some((m) => m.content.length > 65_536)) throw new core.ContextCompactionError("CONTEXT_LIMIT_EXCEEDED", "too long");
        return ctx.messages.reduce((sum, m) => sum + 4 + m.id.length + m.content.length, 0);
      },
    };
    const s = "😀".repeat(40_000);
    for (const [subject, expected] of [[core, 40_000], [utf16, 80_000]] as const) {
      const probe = new UpstreamProbe(createInProcessHost(subject as unknown as Record<string, unknown>));
      await probe.ask(misses({ codePoints: new Set([s]) }));
      expect(probe.codePoints.get(s)).toBe(expected);
    }
  });
});

describe("UpstreamProbe refusals", () => {
  it("stops asking the units of items after MAX_REFUSALS refusals, and still asks the boundary", async () => {
    const { host, unitsCalls } = subjectWithThrowingUnits();
    const probe = new UpstreamProbe(host);
    const items = new Map(Array.from({ length: 3 * MAX_REFUSALS }, (_, i): [string, { kind: "message"; item: unknown }] => [`k${i}`, { kind: "message", item: { id: `m${i}`, role: "user", content: "x".repeat(i) } }]));
    const boundaries = new Map(Array.from({ length: 3 }, (_, i): [string, { context: ContextData; options: typeof boundaryOptions }] => [`b${i}`, { context: context(i + 4), options: boundaryOptions }]));
    const asked = misses({ items, boundaries });
    await probe.ask(asked);
    expect(unitsCalls()).toBe(MAX_REFUSALS);
    expect(probe.itemUnits.size).toBe(0);
    // Every question of the refused kind counts as refused: nothing is left open to ask again.
    expect(probe.open(misses({ items }))).toBe(0);
    expect([...probe.boundaries.keys()]).toEqual(["b0", "b1", "b2"]);
    expect([...probe.boundaries.values()]).toEqual([0, 1, 2].map((i) => core.selectCompactionBoundary(context(i + 4) as never, boundaryOptions)));
  });

  it("keeps asking a kind the subject has answered once", async () => {
    let calls = 0;
    const subject = {
      ...core,
      // Answers the first question, then refuses: one answer is enough to keep asking.
      estimateContextUnits: (input: unknown) => {
        calls++;
        if (calls === 1) return core.estimateContextUnits(input as never);
        throw new Error("flaky");
      },
    };
    const probe = new UpstreamProbe(createInProcessHost(subject as unknown as Record<string, unknown>));
    const items = new Map(Array.from({ length: 3 * MAX_REFUSALS }, (_, i): [string, { kind: "message"; item: unknown }] => [`k${i}`, { kind: "message", item: { id: `m${i}`, role: "user", content: "x".repeat(i) } }]));
    await probe.ask(misses({ items }));
    expect(calls).toBe(3 * MAX_REFUSALS);
    expect(probe.itemUnits.size).toBe(1);
  });
});
