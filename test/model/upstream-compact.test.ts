import { describe, expect, it } from "vitest";
import { expectedFor } from "../../src/model";
import { itemKey, optionsKey, withUpstreamAnswers } from "../../src/model/upstream";
import type { Json } from "../../src/scenario/data";
import { acceptedOutcomes, type Expected } from "../../src/scenario/expected";
import type { Operation, Scenario } from "../../src/scenario/scenario";

// compactContext's steps 6-8 in a root-cause re-check (src/model/compact.ts), where the model
// takes a subject's upstream answers: what follows from an answer the contract would not give
// is accepted both ways an implementation may follow it, and only then.

const user = (id: string, content: string): Json => ({ id, role: "user", content });
const options = { targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 0, maxUnits: 40, summaryId: "s", recordId: "r" };
const compact = (opts: Json): Extract<Operation, { kind: "compact" }> => ({
  kind: "compact",
  context: { messages: [user("m1", "a".repeat(40)), user("m2", "b")] },
  prebuilt: false,
  options: opts,
  summarizer: { kind: "text", text: "sum", delivery: "sync" },
  summarizerSlot: "script",
  signal: "none",
  abort: "none",
});
/** Every accepted outcome: "returns" with the record's summaryId and unitsAfter, or the codes. */
const outcomes = (expected: Expected): string[] =>
  acceptedOutcomes(expected).map((e) => {
    if (e.kind === "throws") return [...e.codes].sort().join("|");
    const record = (e.value as { record: { summaryId: string; unitsAfter: number } }).record;
    return `returns ${JSON.stringify(record.summaryId)} ${record.unitsAfter}`;
  });

describe("step 8 with a subject's options answer (a blank summaryId accepted)", () => {
  const blank = { ...options, summaryId: " " };
  const scenario: Scenario = { operation: compact(blank) };
  const accepted = new Map([[optionsKey({ operation: "compact", options: blank, summarizerSlot: "script", signal: "none" }), { ok: true as const }]]);

  it("the contract rejects the options", () => {
    expect(outcomes(expectedFor(scenario))).toEqual(["CONTEXT_INVALID_INPUT"]);
  });

  it("taking the answer, the rebuild refuses the record with a blank id, or the context is built as it is", () => {
    expect(outcomes(withUpstreamAnswers({ options: accepted }, () => expectedFor(scenario)).value)).toEqual(["CONTEXT_INVALID_INPUT", 'returns " " 16']);
  });

  it("with the contract's own answers, a refusal of the rebuild stays the only outcome (a 257th record)", () => {
    const records = Array.from({ length: 256 }, (_, i) => ({ id: `r${i}`, summaryId: "s", boundary: 1, compactedMessageIds: [`old${i}`], unitsBefore: 0, unitsAfter: 0 }));
    const op = { ...compact({ ...options, recordId: "new" }), context: { messages: [user("m1", "a".repeat(40)), user("m2", "b")], compactions: records } as Json };
    expect(outcomes(expectedFor({ operation: op }))).toEqual(["CONTEXT_LIMIT_EXCEEDED"]);
    // With answers in force that are the contract's own, still only the limit.
    expect(outcomes(withUpstreamAnswers({ options: new Map() }, () => expectedFor({ operation: op })).value)).toEqual(["CONTEXT_LIMIT_EXCEEDED"]);
  });
});

describe("steps 6-8 with a subject's units of the new summary", () => {
  const scenario: Scenario = { operation: compact(options) };
  const summary = { id: "s", content: "sum" };

  it("the contract counts it 5 + u(id) + u(text) = 9: unitsAfter 9 + 7 (m2)", () => {
    expect(outcomes(expectedFor(scenario))).toEqual(["returns \"s\" 16"]);
  });

  it("taking the subject's 8 (the id forgotten), the new summary counts 8 or 9: the subject's estimate, or counted apart", () => {
    const itemUnits = new Map([[itemKey("summary", summary), 8]]);
    expect(outcomes(withUpstreamAnswers({ itemUnits }, () => expectedFor(scenario)).value)).toEqual(["returns \"s\" 15", "returns \"s\" 16"]);
  });

  it("an answer equal to the contract's adds nothing", () => {
    const itemUnits = new Map([[itemKey("summary", summary), 9]]);
    expect(outcomes(withUpstreamAnswers({ itemUnits }, () => expectedFor(scenario)).value)).toEqual(["returns \"s\" 16"]);
  });
});
