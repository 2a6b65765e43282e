import { readFileSync } from "node:fs";
import { expect } from "vitest";
import type { PropertyId } from "../../src/adapters/adapter";
import type { Classification } from "../../src/adapters/audit";
import { runAudit } from "../../src/adapters/audit";
import { AUDITS_JSON_PATH, type AuditsRecord } from "../../src/adapters/audits-doc";
import { loadAdapter } from "../../src/adapters/load";

// What docs/audits.md says, per audited adapter and library version: the verdicts below (written
// by hand from the libraries' docs) match the table; every finding of the table replays from its
// seed and path; and what holds there still holds on a small fixed-seed budget. When a library
// fixes a defect, its replay passes and the test fails: regenerate the table (npm run audits) and
// update here. test/adapters/audits-table.test.ts checks the rows whose library runs on Node 20
// (npm test), test/node22/audits-table.test.ts the others (npm run test:node22).

type Verdict = Classification | "holds";
/** pi's cut (findCutPoint) as @mariozechner/pi-coding-agent 0.73.1 has it. */
const PI_CUT: Partial<Record<PropertyId, Verdict>> = {
  "output.well-formed": "holds",
  "output.kept-in-order": "holds",
  "pairing.result-has-call": "outside the documented shapes",
  "pairing.call-has-results": "holds",
  "input.not-mutated": "holds",
  "output.deterministic": "holds",
  "budget.respected": "defect",
};

export const EXPECTED: Record<string, Partial<Record<PropertyId, Verdict>>> = {
  "langchain-trim 1.4.0": {
    "output.well-formed": "defect",
    "output.kept-in-order": "defect",
    "output.kept-unchanged": "defect",
    "pairing.result-has-call": "not promised",
    "pairing.call-has-results": "not promised",
    "input.not-mutated": "defect",
    "output.deterministic": "holds",
    "budget.respected": "holds",
  },
  "langchain-summarization 1.5.14": {
    "output.well-formed": "defect",
    "output.kept-in-order": "holds",
    "output.kept-unchanged": "holds",
    "pairing.result-has-call": "defect",
    "pairing.call-has-results": "holds",
    "input.not-mutated": "holds",
    "output.deterministic": "holds",
  },
  "pi-compaction 0.73.1": PI_CUT,
  // @earendil-works/pi-coding-agent: 0.85.0 (the pi SDK the course compares itself with) as 0.73.1;
  // by 1.6.0 the cut keeps no more than keepRecentTokens reaches, as its docs say.
  "earendil-pi-compaction 0.85.0": PI_CUT,
  "earendil-pi-compaction 1.6.0": { ...PI_CUT, "budget.respected": "holds" },
  "mastra-token-limiter 1.71.0": {
    "output.well-formed": "holds",
    "output.kept-in-order": "holds",
    "output.kept-unchanged": "holds",
    "pairing.result-has-call": "outside the documented shapes",
    "pairing.call-has-results": "outside the documented shapes",
    "input.not-mutated": "holds",
    "output.deterministic": "holds",
    "budget.respected": "defect",
  },
  "openai-session 0.20.0": {
    "output.well-formed": "holds",
    "output.kept-in-order": "holds",
    "pairing.result-has-call": "not promised",
    "pairing.call-has-results": "holds",
    "input.not-mutated": "holds",
    "output.deterministic": "holds",
  },
  "ai-prune 7.0.173": {
    "output.well-formed": "holds",
    "output.kept-in-order": "holds",
    "output.kept-unchanged": "holds",
    "pairing.result-has-call": "holds",
    "pairing.call-has-results": "holds",
    "input.not-mutated": "holds",
    "output.deterministic": "holds",
  },
  "adk-token-compactor 2.0.0": {
    "output.well-formed": "defect",
    "output.kept-in-order": "holds",
    "output.kept-unchanged": "holds",
    "pairing.result-has-call": "defect",
    "pairing.call-has-results": "holds",
    "input.not-mutated": "holds",
    "output.deterministic": "holds",
  },
  "strands-sliding-window 1.19.0": {
    "output.well-formed": "holds",
    "output.kept-in-order": "holds",
    "output.kept-unchanged": "holds",
    "pairing.result-has-call": "outside the documented shapes",
    "pairing.call-has-results": "holds",
    "input.not-mutated": "holds",
    "output.deterministic": "holds",
    "budget.respected": "defect",
  },
  "strands-summarizing 1.19.0": {
    "output.well-formed": "holds",
    "output.kept-in-order": "holds",
    "output.kept-unchanged": "holds",
    "pairing.result-has-call": "outside the documented shapes",
    "pairing.call-has-results": "holds",
    "input.not-mutated": "holds",
    "output.deterministic": "holds",
  },
};

/** Cases per property for what holds: small, the table's long run is the real evidence. */
const HOLDS_RUNS: Record<string, number> = { "openai-session": 10 };

export const record = JSON.parse(readFileSync(AUDITS_JSON_PATH, "utf8")) as AuditsRecord;
export const rowKey = (r: AuditsRecord["reports"][number]) => `${r.adapter} ${r.library?.version ?? "?"}`;

export async function checkRow(key: string): Promise<void> {
  const report = record.reports.find((r) => rowKey(r) === key)!;
  const table = Object.fromEntries(report.results.map((r) => [r.property, r.finding?.classification ?? "holds"]));
  expect(table).toEqual(EXPECTED[key]);

  const { adapter, library } = await loadAdapter(report.target);
  expect(library?.version).toBe(report.library?.version);
  for (const { finding } of report.results.filter((r) => r.finding !== undefined)) {
    const replay = await runAudit(adapter, { seed: finding!.seed, only: [finding!.property], scope: finding!.scope, path: finding!.path });
    const again = replay.results[0]?.finding;
    expect(again === undefined ? `${finding!.property} no longer fails: fixed in the library? Regenerate docs/audits.md` : again.classification).toBe(finding!.classification);
  }
  const holding = report.results.filter((r) => r.finding === undefined).map((r) => r.property);
  const small = await runAudit(adapter, { seed: record.seed, runs: HOLDS_RUNS[report.adapter] ?? 25, only: holding });
  expect(small.results.flatMap((r) => (r.finding ? [`${r.property}: ${r.finding.violation}`] : []))).toEqual([]);
}
