import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { record } from "../adapters/audits-expected";

// Every finding of the @google/adk and @strands-agents/sdk audits, reproduced by a standalone
// script that uses the library alone (node22/repro/), as a user of the library would see it. Each
// exits 0 and says "reproduced" while the library still behaves so.

const NODE22_DIR = fileURLToPath(new URL("../../node22/", import.meta.url));

const REPRODUCTIONS: Record<string, string> = {
  "adk-token-compactor output.well-formed": "adk-retention-zero.mjs",
  "adk-token-compactor pairing.result-has-call": "adk-long-running-response.mjs",
  "strands-sliding-window budget.respected": "strands-window-over-budget.mjs",
  "strands-sliding-window pairing.result-has-call": "strands-window-separated-result.mjs",
  "strands-summarizing pairing.result-has-call": "strands-summary-separated-result.mjs",
};

describe("standalone reproductions of the new audits' findings", () => {
  it("one for every finding of @google/adk and @strands-agents/sdk in docs/audits.md", () => {
    const findings = record.reports
      .filter((r) => r.library?.name === "@google/adk" || r.library?.name === "@strands-agents/sdk")
      .flatMap((r) => r.results.flatMap((x) => (x.finding === undefined ? [] : [`${r.adapter} ${x.property}`])));
    expect(findings.sort()).toEqual(Object.keys(REPRODUCTIONS).sort());
  });

  it.each(Object.entries(REPRODUCTIONS))("%s: node22/repro/%s", (_finding, script) => {
    const run = spawnSync(process.execPath, [`repro/${script}`], { cwd: NODE22_DIR, encoding: "utf8", timeout: 60_000 });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/^reproduced: /m);
  });
});
