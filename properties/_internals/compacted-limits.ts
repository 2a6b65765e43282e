import fc from "fast-check";
import type { Json, MessageData, ProgramStep, Scenario } from "../../src/scenario";
import { LIMIT, modelMessagesUnits, simulateProgram } from "../../src/model";
import type { ExpectedStep } from "../../src/model/program";

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

/** Every step of the program succeeds (monotone in n: a larger n only adds items or strings). */
function allSucceed(limit: CompactedLimit, n: number): boolean {
  const run = simulateProgram(program(limit, n));
  return run.setup.kind === "returns" && run.steps.every((step) => step.expected.kind === "returns");
}

/** The boundary of a compact step's record, as the model expects it (null: no record). */
function expectedBoundary(step: ExpectedStep): number | null {
  if (step.expected.kind !== "returns") return null;
  const result = step.expected.value as { status?: string; record?: { boundary?: number } };
  return result.status === "compacted" ? (result.record?.boundary ?? null) : null;
}

/** Only the last step, compact #2, fails (CONTEXT_LIMIT_EXCEEDED, as the model says). */
function onlyLastFails(limit: CompactedLimit, n: number): boolean {
  const steps = simulateProgram(program(limit, n)).steps;
  return steps.length === 6 && steps.slice(0, 4).every((step) => step.expected.kind === "returns") && expectedBoundary(steps[4]) === 2 && steps[5].expected.kind === "throws";
}

const edges = new Map<CompactedLimit, number>();
/** The largest n whose program succeeds throughout (bisection; memoized), checked to be an edge of compact #2. */
function edge(limit: CompactedLimit): number {
  let found = edges.get(limit);
  if (found === undefined) {
    let lo = 1;
    let hi: number = limit === "collectionItems" ? LIMIT.collectionItems : LIMIT.stringUnits;
    while (lo + 1 < hi) {
      const mid = Math.floor((lo + hi) / 2);
      if (allSucceed(limit, mid)) lo = mid;
      else hi = mid;
    }
    const at = simulateProgram(program(limit, lo)).steps;
    if (!allSucceed(limit, lo) || expectedBoundary(at[4]) !== 2 || expectedBoundary(at[5]) !== 1 || !onlyLastFails(limit, lo + 1)) throw new Error(`compacted-limits: no edge of the second compaction for ${limit}`);
    found = lo;
    edges.set(limit, found);
  }
  return found;
}

function compactedLimitScenario(limit: CompactedLimit, past: boolean): Scenario {
  return { operation: program(limit, edge(limit) + (past ? 1 : 0)), labels: [`compacted:${limit}`, `side:${past ? "past" : "at"}`] };
}

/** Both limits, at and one past the edge: the whole space (4 programs). */
export function compactedLimitEdges(): Scenario[] {
  return (["collectionItems", "totalStringUnits"] as const).flatMap((limit) => [compactedLimitScenario(limit, false), compactedLimitScenario(limit, true)]);
}

/** One of the four at random (the edge cases already run all four in every run). */
export const compactedLimitScenarios = (): fc.Arbitrary<Scenario> =>
  fc.noBias(fc.tuple(fc.constantFrom<CompactedLimit>("collectionItems", "totalStringUnits"), fc.boolean())).map(([limit, past]) => compactedLimitScenario(limit, past));
