import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { programScenario } from "../../generators/programScenario";
import { programClasses } from "../../generators/_internals/programClasses";
import { modelTranscriptErrors } from "../../src/model";
import type { MessageData } from "../../src/scenario/data";
import { stepMessages } from "../../src/scenario/program";
import type { Operation, Scenario } from "../../src/scenario/scenario";
import { assertSameSeedSameValues, labelShares } from "./_checks";

// Compaction programs (generators/programScenario.ts): the classes issue 4 asks for are
// reached in a meaningful share of cases (read from the model's run, not the generator's
// intent), every program is well formed, and shrinking removes steps while keeping it so.

type Program = Extract<Operation, { kind: "program" }>;
const programOf = (s: Scenario) => s.operation as Program;

type CompactStep = Extract<Program["steps"][number], { kind: "compact" }>;

/** A step whose summarizer fails: throws, rejects, or returns a text longer than the room reserved for it. */
function fails(step: CompactStep): boolean {
  const script = step.summarizer as { readonly kind: string; readonly text?: string };
  return script.kind === "throw" || script.kind === "reject" || (typeof script.text === "string" && [...script.text].length > step.budget.summaryRoom);
}

/** What makes a program meaningless: reused ids (but a failed compaction's, retried), a result for no open call, a round that leaves a call open. */
function programProblems(s: Scenario): string[] {
  const op = programOf(s);
  if (op.kind !== "program") return ["not a program"];
  const problems: string[] = [];
  const ids = new Set<string>();
  const open = new Map<string, string>();
  const appended: MessageData[] = [];
  let lastCompact: CompactStep | null = null;
  op.steps.forEach((step, i) => {
    for (const m of stepMessages(step)) {
      if (ids.has(m.id)) problems.push(`step ${i}: message id ${m.id} reused`);
      ids.add(m.id);
      appended.push(m);
    }
    if (step.kind === "round" && modelTranscriptErrors(step.messages as unknown as MessageData[]).length > 0) problems.push(`step ${i}: the round is not a closed transcript`);
    if (step.kind === "open") for (const b of step.message.content) if (b.type === "toolCall") open.set(b.id, b.name);
    if (step.kind === "close") {
      if (open.get(step.message.toolCallId) !== step.message.toolName) problems.push(`step ${i}: closes ${step.message.toolCallId}, which is not open under that name`);
      open.delete(step.message.toolCallId);
    }
    if (step.kind === "compact") {
      // A compaction whose summarizer fails is retried by the next one with its ids (never used: §7).
      const retry = lastCompact !== null && lastCompact.recordId === step.recordId && fails(lastCompact);
      if (ids.has(step.recordId) && !retry) problems.push(`step ${i}: record id ${step.recordId} reused`);
      ids.add(step.recordId);
      lastCompact = step;
    }
  });
  // With every open call answered at the end, everything appended is one valid transcript.
  if (open.size === 0 && modelTranscriptErrors(appended as unknown as MessageData[]).length > 0) problems.push("the appended messages are not a valid transcript");
  return problems;
}

const SEEDS = [20261129, 7, 99];
const SAMPLES = 300;
const MIN_SHARE = 0.05;

// One sample per seed serves every coverage check (programs are costly to generate).
const sharesBySeed = new Map<number, Map<string, number>>();
function assertReached(classes: readonly string[]): void {
  for (const seed of SEEDS) {
    let shares = sharesBySeed.get(seed);
    if (shares === undefined) {
      shares = labelShares(programScenario(), (s) => programClasses(programOf(s)), seed, SAMPLES);
      sharesBySeed.set(seed, shares);
    }
    const low = classes.filter((c) => (shares.get(c) ?? 0) < MIN_SHARE).map((c) => `${c}: ${(((shares.get(c) ?? 0)) * 100).toFixed(1)}% (seed ${seed})`);
    expect(low).toEqual([]);
  }
}

describe("programScenario", () => {
  it("gives the same programs for the same seed", () => assertSameSeedSameValues(programScenario(), [1, 2]));

  it("generates only well-formed programs", () => {
    fc.assert(fc.property(programScenario(), (s) => {
      expect(programProblems(s)).toEqual([]);
    }), { numRuns: 200 });
  });

  it("reaches long runs: 20+ steps with 3+ successful compactions in a row", () => {
    assertReached(["steps:20+", "long:20+-steps-3-compactions-in-a-row", "compacted:3-in-a-row", "compacted:5+", "compacted:back-to-back", "compacted:over-previous-summary"]);
  });

  it("reaches a failed compaction retried with its ids, and compacted", () => {
    assertReached(["compacted:retry-after-failure"]);
  });

  it("reaches in-flight calls: appends and compactions refused while a call is open, then closed and built", () => {
    assertReached(["in-flight:compact-refused", "in-flight:append-refused", "in-flight:closed-and-built", "round:interleaved"]);
  });

  it("reaches every compact outcome: compacted, fast path, no boundary, failing and cancelled summarizers", () => {
    const codes = ["SUMMARIZER_FAILED", "CANCELLED", "SUMMARY_INSUFFICIENT", "BOUNDARY_UNAVAILABLE", "INVALID_TRANSCRIPT"].map((c) => `compact:CONTEXT_${c}`);
    assertReached(["compact:compacted", "compact:unchanged", ...codes, "summarizer:throw", "summarizer:reject"]);
  });

  it("the labels a program carries are the classes the model's run reaches", () => {
    for (const s of fc.sample(programScenario(), { seed: 3, numRuns: 50 })) expect(s.labels).toEqual(programClasses(programOf(s)));
  });

  it("shrinking removes steps and keeps programs well formed", () => {
    let tried = 0;
    const invalid: string[][] = [];
    const details = fc.check(
      fc.property(programScenario(), (s) => {
        tried += 1;
        const problems = programProblems(s);
        if (problems.length > 0) invalid.push(problems);
        return programOf(s).steps.length < 12;
      }),
      { seed: 5, numRuns: 100 },
    );
    expect(details.failed).toBe(true);
    expect(invalid).toEqual([]);
    expect(tried).toBeGreaterThan(10);
    // fc.commands shrinks by dropping commands: the smallest failing program has exactly 12 steps.
    expect(programOf(details.counterexample![0]).steps.length).toBe(12);
  });
});
