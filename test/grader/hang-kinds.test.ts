import { describe, expect, it } from "vitest";
import type { PropertyResult, RootCause } from "../../src/grader/result";
import { callKinds, HangLedger, suspectKinds } from "../../src/grader/sandbox/hang-kinds";
import { joinSkippedFailures } from "../../src/grader/skipped-causes";
import type { Scenario } from "../../src/scenario";

// Which scenarios a hang stops (src/grader/sandbox/hang-kinds.ts), and where the failures it
// leaves without a counterexample go (src/grader/skipped-causes.ts).

const compact = (summarizer: string, abort: string, decorations: Scenario["decorations"] = []): Scenario =>
  ({ operation: { kind: "compact", context: {}, prebuilt: false, options: {}, summarizer: { kind: summarizer }, summarizerSlot: "script", signal: "controller", abort }, decorations }) as unknown as Scenario;
const program = (...steps: [string, string][]): Scenario =>
  ({ operation: { kind: "program", requirements: [], steps: [{ kind: "user", message: {} }, ...steps.map(([summarizer, abort]) => ({ kind: "compact", summarizer: { kind: summarizer }, abort, summaryId: "s", recordId: "r", budget: {} }))] } }) as unknown as Scenario;
const units = (decorations: Scenario["decorations"] = []): Scenario => ({ operation: { kind: "units", input: {}, prebuilt: false }, decorations });

describe("call kinds", () => {
  it("come from the scenario's data: operation, script, abort point, decorations", () => {
    expect(callKinds(compact("never", "whilePending")).map((k) => k.key)).toEqual(["compact/never/whilePending"]);
    expect(callKinds(compact("never", "whilePending"))[0]!.description).toBe("compactContext with a summarizer that never settles, aborted while its value is pending");
    expect(callKinds(compact("text", "none", [{ kind: "proxy", target: "input", path: [] }, { kind: "getter", target: "options", path: [] }]))[0]!.key).toBe("compact/text/none+getter,proxy");
    expect(callKinds(units())[0]).toMatchObject({ key: "units", description: "estimateContextUnits" });
    expect(callKinds(program(["text", "none"], ["never", "inSummarizer"])).map((k) => k.key)).toEqual(["compact/text/none", "compact/never/inSummarizer", "program"]);
  });

  it("a lost program is counted against its steps whose summarizer never settles, else against programs", () => {
    expect(suspectKinds(program(["text", "none"], ["never", "inSummarizer"])).map((k) => k.key)).toEqual(["compact/never/inSummarizer"]);
    expect(suspectKinds(program(["text", "none"])).map((k) => k.key)).toEqual(["program"]);
  });
});

describe("the hang ledger", () => {
  const budget = { perCallKind: 3, perOperation: 9, spread: 4 };

  it("stops a call kind after its budget of lost calls, and only that kind", () => {
    const ledger = new HangLedger(budget);
    const hanging = compact("never", "inSummarizer");
    for (let i = 0; i < 2; i++) ledger.noteLost(hanging, "p");
    expect(ledger.skip(hanging, "q")).toBeNull();
    ledger.noteLost(hanging, "p");
    expect(ledger.skip(hanging, "q")).toMatchObject({ key: "compact/never/inSummarizer", losses: 3, origin: "p" });
    expect(ledger.skip(compact("never", "whilePending"), "q")).toBeNull();
    expect(ledger.skip(compact("text", "inSummarizer"), "q")).toBeNull();
    expect(ledger.skip(program(["text", "none"], ["never", "inSummarizer"]), "q")?.key).toBe("compact/never/inSummarizer");
    expect(ledger.skip(program(["text", "none"]), "q")).toBeNull();
    expect(ledger.report()).toEqual([
      "not run: compactContext with a summarizer that never settles, aborted inside the summarizer, after 3 such calls timed out or crashed (the last in p); 2 case(s) not run: cases of q were not run and count as failed; every other kind was still run",
    ]);
  });

  it("a look ahead is not counted as a case not run", () => {
    const ledger = new HangLedger(budget);
    for (let i = 0; i < 3; i++) ledger.noteLost(units(), "p");
    expect(ledger.skip(units(), null, false)).not.toBeNull();
    expect(ledger.report()).toEqual([]);
  });

  it("stops an operation as a whole once its lost calls spread over many kinds", () => {
    const ledger = new HangLedger(budget);
    const kinds = ["text", "reject", "throw", "thenableChain"];
    for (let i = 0; i < 9; i++) ledger.noteLost(compact(kinds[i % 4]!, "none"), "p");
    expect(ledger.skip(compact("value", "none"), "q")).toMatchObject({ key: "operation:compact", losses: 9 });
    expect(ledger.skip(units(), "q")).toBeNull();
  });
});

describe("failures whose case was not run", () => {
  const result = (id: string, extra: Partial<PropertyResult> = {}): PropertyResult => ({ id, title: id, family: "x", status: "failed", points: 0, maxPoints: 1, numRuns: 1, durationMs: 0, ...extra });
  const hung = compact("never", "inSummarizer");
  const skipped = { kind: "compact/never/inSummarizer", description: "", origin: "a" };

  it("join the diagnosed mistake that made their kind hang", () => {
    const results = [result("a", { counterexample: hung }), result("b", { skipped }), result("c", { skipped })];
    const causes: RootCause[] = [
      { id: "async", title: "", explanation: "", counterexample: hung, properties: ["a"] },
      { id: "not-run-x", title: "", explanation: "", properties: ["b", "c"] },
    ];
    expect(joinSkippedFailures(results, causes).map((c) => [c.id, c.properties])).toEqual([["async", ["a", "b", "c"]]]);
  });

  it("stay where they are when that hang is no diagnosed mistake, or not of their kind", () => {
    const results = [result("a", { counterexample: hung }), result("b", { skipped })];
    const own: RootCause[] = [
      { id: "a", title: "", explanation: "", counterexample: hung, properties: ["a"] },
      { id: "not-run-x", title: "", explanation: "", properties: ["b"] },
    ];
    expect(joinSkippedFailures(results, own)).toBe(own);
    const other = [result("a", { counterexample: compact("text", "none") }), result("b", { skipped })];
    const diagnosed: RootCause[] = [{ ...own[0]!, id: "async" }, own[1]!];
    expect(joinSkippedFailures(other, diagnosed)).toBe(diagnosed);
  });
});
