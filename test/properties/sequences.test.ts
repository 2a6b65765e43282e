import { describe, expect, it } from "vitest";
import { sequenceProperties } from "../../properties/sequences";
import { observedOutcome } from "../../properties/_internals/sequence-reading";
import * as core from "../../src/core";
import { createDriver } from "../../src/driver";
import { expectedFor } from "../../src/model";
import { programExpectation } from "../../src/model/program";
import type { CompactStep, ProgramStep, Scenario } from "../../src/scenario";
import { familyHoldsOnCore } from "./_family";

familyHoldsOnCore("sequence", sequenceProperties);

// One hand-written program pins the step semantics shared by driver and model
// (src/scenario/program.ts), independently of the generator.
const user = (id: string, content: string): ProgramStep => ({ kind: "user", message: { id, role: "user", content } });
const compact = (n: number, summarizer: CompactStep["summarizer"] = { kind: "text", text: `recap ${n}`, delivery: "sync" }, abort: CompactStep["abort"] = "none"): ProgramStep => ({
  kind: "compact", summarizer, abort, summaryId: `s${n}`, recordId: `r${n}`, budget: { keepPercent: 0, summaryRoom: 10, retainRecentMessages: 0, trigger: "over" },
});
const program: Scenario = {
  operation: {
    kind: "program",
    requirements: [{ id: "q", content: "keep it short" }],
    steps: [
      user("m1", "a long first message to compact away"),
      compact(1),
      { kind: "open", message: { id: "a1", role: "assistant", content: [{ type: "toolCall", id: "c1", name: "search", arguments: { q: "x" } }] } },
      user("m2", "typed while the tool runs"),
      compact(2),
      { kind: "close", message: { id: "t1", role: "toolResult", toolCallId: "c1", toolName: "search", content: "found", isError: false } },
      compact(3, { kind: "throw", value: "down" }),
      compact(4, { kind: "text", text: "recap 4", delivery: "promise" }, "inSummarizer"),
      compact(5),
    ],
  },
};

describe("a hand-written program", () => {
  it("runs step by step as the model says: refusals while the call is open, then compactions over the previous summary", async () => {
    const observation = await createDriver(core as unknown as Record<string, unknown>).observe(program);
    const steps = observation.steps ?? [];
    expect(steps.map(observedOutcome)).toEqual([
      "built", "compacted", "CONTEXT_INVALID_TRANSCRIPT", "CONTEXT_INVALID_TRANSCRIPT", "CONTEXT_INVALID_TRANSCRIPT",
      "built", "CONTEXT_SUMMARIZER_FAILED", "CONTEXT_CANCELLED", "compacted",
    ]);
    expect(steps.map((s) => s.pending)).toEqual([0, 0, 1, 2, 2, 0, 0, 0, 0]);
    const model = programExpectation(expectedFor(program))!;
    expect(model.steps.map((s) => s.pending)).toEqual([0, 0, 1, 2, 2, 0, 0, 0, 0]);
    expect(steps.map((s) => s.options)).toEqual(model.steps.map((s) => s.options));
    // The last compaction's summarizer saw the first summary; the records account for every id.
    const last = steps[8]!;
    expect((last.summarizerCalls[0]!.request as { previousSummary: unknown }).previousSummary).toEqual({ id: "s1", content: "recap 1" });
    const final = observation.outcome.kind === "returned" ? (observation.outcome.value as { compactions: { compactedMessageIds: string[] }[]; messages: unknown[] }) : null;
    expect(final?.compactions.flatMap((r) => r.compactedMessageIds)).toEqual(["m1", "a1", "m2", "t1"]);
    expect(final?.messages).toEqual([]);
  });
});
