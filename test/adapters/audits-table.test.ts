import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { PropertyId } from "../../src/adapters/adapter";
import type { Classification } from "../../src/adapters/audit";
import { runAudit } from "../../src/adapters/audit";
import { AUDITS_JSON_PATH, type AuditsRecord } from "../../src/adapters/audits-doc";
import { BUILTIN_ADAPTERS } from "../../src/adapters/registry";

// What docs/audits.md says, per built-in adapter: the verdicts below (written by hand from the
// libraries' docs) match the table; every finding of the table replays from its seed and path;
// and what holds there still holds on a small fixed-seed budget. When a library fixes a defect,
// its replay passes and this test fails: regenerate the table (npm run audits) and update here.

type Verdict = Classification | "holds";
const EXPECTED: Record<string, Partial<Record<PropertyId, Verdict>>> = {
  "langchain-trim": {
    "output.well-formed": "defect",
    "output.kept-in-order": "defect",
    "output.kept-unchanged": "defect",
    "pairing.result-has-call": "not promised",
    "pairing.call-has-results": "not promised",
    "input.not-mutated": "defect",
    "output.deterministic": "holds",
    "budget.respected": "holds",
  },
  "langchain-summarization": {
    "output.well-formed": "defect",
    "output.kept-in-order": "holds",
    "output.kept-unchanged": "holds",
    "pairing.result-has-call": "defect",
    "pairing.call-has-results": "holds",
    "input.not-mutated": "holds",
    "output.deterministic": "holds",
  },
  "pi-compaction": {
    "output.well-formed": "holds",
    "output.kept-in-order": "holds",
    "pairing.result-has-call": "outside the documented shapes",
    "pairing.call-has-results": "holds",
    "input.not-mutated": "holds",
    "output.deterministic": "holds",
    "budget.respected": "defect",
  },
  "mastra-token-limiter": {
    "output.well-formed": "holds",
    "output.kept-in-order": "holds",
    "output.kept-unchanged": "holds",
    "pairing.result-has-call": "outside the documented shapes",
    "pairing.call-has-results": "outside the documented shapes",
    "input.not-mutated": "holds",
    "output.deterministic": "holds",
    "budget.respected": "defect",
  },
  "openai-session": {
    "output.well-formed": "holds",
    "output.kept-in-order": "holds",
    "pairing.result-has-call": "not promised",
    "pairing.call-has-results": "holds",
    "input.not-mutated": "holds",
    "output.deterministic": "holds",
  },
  "ai-prune": {
    "output.well-formed": "holds",
    "output.kept-in-order": "holds",
    "output.kept-unchanged": "holds",
    "pairing.result-has-call": "holds",
    "pairing.call-has-results": "holds",
    "input.not-mutated": "holds",
    "output.deterministic": "holds",
  },
};

/** Cases per property for what holds: small, the table's long run is the real evidence. */
const HOLDS_RUNS: Record<string, number> = { "openai-session": 10 };
const record = JSON.parse(readFileSync(AUDITS_JSON_PATH, "utf8")) as AuditsRecord;

describe("docs/audits.md", () => {
  it("covers every built-in adapter", () => {
    expect(record.reports.map((r) => r.adapter).sort()).toEqual(Object.keys(BUILTIN_ADAPTERS).sort());
  });

  it.each(Object.keys(EXPECTED))("%s: the table says what the docs lead us to expect, and it reproduces", async (name) => {
    const report = record.reports.find((r) => r.adapter === name)!;
    const table = Object.fromEntries(report.results.map((r) => [r.property, r.finding?.classification ?? "holds"]));
    expect(table).toEqual(EXPECTED[name]);

    const adapter = await BUILTIN_ADAPTERS[name]!();
    for (const { finding } of report.results.filter((r) => r.finding !== undefined)) {
      const replay = await runAudit(adapter, { seed: finding!.seed, only: [finding!.property], scope: finding!.scope, path: finding!.path });
      const again = replay.results[0]?.finding;
      expect(again === undefined ? `${finding!.property} no longer fails: fixed in the library? Regenerate docs/audits.md` : again.classification).toBe(finding!.classification);
    }
    const holding = report.results.filter((r) => r.finding === undefined).map((r) => r.property);
    const small = await runAudit(adapter, { seed: record.seed, runs: HOLDS_RUNS[name] ?? 25, only: holding });
    expect(small.results.flatMap((r) => (r.finding ? [`${r.property}: ${r.finding.violation}`] : []))).toEqual([]);
  });
});
