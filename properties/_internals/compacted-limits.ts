import fc from "fast-check";
import type { Json, MessageData, ProgramStep, Scenario } from "../../src/scenario";
import { LIMIT, modelMessagesUnits, simulateProgram } from "../../src/model";
import type { ExpectedProgram, ExpectedStep } from "../../src/model/program";
import { calibrated, once } from "./calibrate";

// Programs whose second compaction derives a context exactly at a limit of contract §3, or one
// past it, from a context that the first compaction derived (contract §7 step 8). An
// implementation that counts the new context from the old one's tables must read them at the
// old context's offset: the first compaction moved it past a round that holds strings and one
// collection item, so a count read from the start of the tables is off.
//
//   round B (assistant with one call, its result) · user u1 · user u2 · round A
//   compact #1: keeps everything it can (keepPercent 100), so it compacts the first group, B
//   compact #2: the same, so it compacts u1 from the context #1 derived
//
// Collection items: #1 moves B's one item (its content array) into two record ids for two
// message slots, so it keeps the count; #2 adds one (the compactions slot). Round A's argument
// array sets the count: 16,384 items before #2 put the new context one past the limit.
// Total strings: #2's recordId sets it (the 15 requirements hold 975,000 code points).

export type CompactedLimit = "collectionItems" | "totalStringUnits";

const round = (name: string, args: { [key: string]: Json }, result: string): MessageData[] => [
  { id: name, role: "assistant", content: [{ type: "toolCall", id: `call-${name}`, name: "lookup", arguments: args }] },
  { id: `${name}-result`, role: "toolResult", toolCallId: `call-${name}`, toolName: "lookup", content: result, isError: false },
];

/**
 * A compact step that cuts right after the first `first` messages: its target keeps the
 * rest (programBudget: keep = floor(messageUnits * keepPercent / 100) >= units of the rest)
 * but not everything (the long contents of B and u1 are wider than one percent step).
 */
function compactAfter(n: number, recordId: string, first: number, messages: readonly MessageData[]): ProgramStep {
  const rest = modelMessagesUnits(messages.slice(first));
  const keepPercent = Math.ceil((100 * rest) / modelMessagesUnits(messages));
  return {
    kind: "compact",
    summarizer: { kind: "text", text: `summary ${n}`, delivery: "sync" },
    abort: "none",
    summaryId: `summary-${n}`,
    recordId,
    budget: { keepPercent, summaryRoom: 16, retainRecentMessages: 0, trigger: "over" },
  };
}

/** The program for `limit` with its size parameter `n` (array length, or recordId length). */
function program(limit: CompactedLimit, n: number): Extract<Scenario["operation"], { kind: "program" }> {
  const items = limit === "collectionItems";
  const requirements = items ? [] : Array.from({ length: 15 }, (_, i) => ({ id: `r${i}`, content: "x".repeat(65_000) }));
  const b = round("b", {}, "found ".repeat(400));
  const u1: MessageData = { id: "u1", role: "user", content: "one ".repeat(500) };
  const u2: MessageData = { id: "u2", role: "user", content: "two" };
  const a = round("a", items ? { list: Array.from({ length: n }, () => null) } : {}, "found");
  const steps: ProgramStep[] = [
    { kind: "round", messages: b },
    { kind: "user", message: u1 },
    { kind: "user", message: u2 },
    { kind: "round", messages: a },
    compactAfter(1, "record-1", 2, [...b, u1, u2, ...a]),
    compactAfter(2, items ? "record-2" : "k".repeat(n), 1, [u1, u2, ...a]),
  ];
  return { kind: "program", requirements: requirements as unknown as Json, steps };
}

const simulate = (limit: CompactedLimit, n: number): ExpectedProgram => simulateProgram(program(limit, n));

/** Every step of the program succeeds (monotone in n: a larger n only adds items or strings). */
const allSucceed = (run: ExpectedProgram): boolean => run.setup.kind === "returns" && run.steps.every((step) => step.expected.kind === "returns");

/** The boundary of a compact step's record, as the model expects it (null: no record). */
function expectedBoundary(step: ExpectedStep | undefined): number | null {
  if (step?.expected.kind !== "returns") return null;
  const result = step.expected.value as { status?: string; record?: { boundary?: number } };
  return result.status === "compacted" ? (result.record?.boundary ?? null) : null;
}

/**
 * The largest n whose program succeeds throughout (calibrated once), checked to be an edge of
 * compact #2: at n, #1 compacts round B and #2 compacts u1; at n + 1 only #2 fails.
 */
function edge(limit: CompactedLimit): number {
  const hi = limit === "collectionItems" ? LIMIT.collectionItems : LIMIT.stringUnits;
  const n = calibrated(`compacted:${limit}`, 1, hi, (m) => allSucceed(simulate(limit, m)));
  const at = simulate(limit, n);
  const past = simulate(limit, n + 1).steps;
  const pastFailsLast = past.length === 6 && past.slice(0, 4).every((step) => step.expected.kind === "returns") && expectedBoundary(past[4]) === 2 && past[5]!.expected.kind === "throws";
  if (!allSucceed(at) || expectedBoundary(at.steps[4]) !== 2 || expectedBoundary(at.steps[5]) !== 1 || !pastFailsLast) {
    throw new Error(`compacted-limits: no edge of the second compaction for ${limit}`);
  }
  return n;
}

const compactedLimitScenario = (limit: CompactedLimit, past: boolean, n: number): Scenario => ({
  operation: program(limit, n + (past ? 1 : 0)),
  labels: [`compacted:${limit}`, `side:${past ? "past" : "at"}`],
});

/** Both limits, at and one past the edge: the whole space (4 programs), built once. */
export const compactedLimitEdges = once((): readonly Scenario[] =>
  (["collectionItems", "totalStringUnits"] as const).flatMap((limit) => {
    const n = edge(limit);
    return [compactedLimitScenario(limit, false, n), compactedLimitScenario(limit, true, n)];
  }),
);

/** One of the four at random (the edge cases already run all four in every run). */
export const compactedLimitScenarios = (): fc.Arbitrary<Scenario> =>
  fc.noBias(fc.integer({ min: 0, max: 3 })).map((i) => compactedLimitEdges()[i]!);
