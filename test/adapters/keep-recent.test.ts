import { describe, expect, it } from "vitest";
import keepRecentAdapter from "../../examples/adapter/keep-recent.adapter";
import { runAudit } from "../../src/adapters/audit";
import { BROKEN, DECLINES, PARTIAL_PREFIX, REFUSES, brokenAdapter } from "./broken-compactors";

// The adapter of docs/adapters.md, written from the docs alone for a compactor of our own: every
// property holds on it, and each deliberately broken version fails the property it breaks.

const seed = 20261129;

describe("keep-recent (examples/adapter)", () => {
  it("holds every universal property", async () => {
    const report = await runAudit(keepRecentAdapter, { seed, runs: 100 });
    expect(report.results.map((r) => [r.property, r.finding?.violation ?? "holds"])).toEqual(report.results.map((r) => [r.property, "holds"]));
    expect(report.results).toHaveLength(8);
  });

  it("accepts a partial message where the adapter declares it", async () => {
    const report = await runAudit(brokenAdapter(PARTIAL_PREFIX), { seed, runs: 100, only: ["output.kept-unchanged", "output.kept-in-order"] });
    expect(report.results.map((r) => r.finding?.violation ?? "holds")).toEqual(["holds", "holds"]);
  });

  it("accepts a refusal where the adapter declares it", async () => {
    const report = await runAudit(brokenAdapter(REFUSES), { seed, runs: 100, only: ["output.well-formed"] });
    expect(report.results[0]?.finding?.violation ?? "holds").toBe("holds");
  });

  it("accepts a refusal that does not throw where the adapter declares it (refusalOutput)", async () => {
    const report = await runAudit(brokenAdapter(DECLINES), { seed, runs: 100, only: ["budget.respected", "output.deterministic"] });
    expect(report.results.map((r) => r.finding?.violation ?? "holds")).toEqual(["holds", "holds"]);
  });

  it.each(BROKEN.map((b) => [b.name, b] as const))("%s: caught", async (_name, b) => {
    const report = await runAudit(brokenAdapter(b), { seed, runs: 100, only: [b.breaks] });
    const finding = report.results[0]?.finding;
    expect(finding?.property).toBe(b.breaks);
    expect(finding?.classification).toBe("defect");
  });
});
