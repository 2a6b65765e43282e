import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { allProperties } from "../../properties/index";
import * as core from "../../src/core/index";
import { grade } from "../../src/grader/grade";
import { createInProcessHost } from "../../src/grader/in-process-host";
import { runProperty } from "../../src/grader/run-property";

// The real properties and driver through the sandbox: our core as a submission gets the full
// score with the in-process verdicts, and the example submission's planted bugs are named.

const SEED = 7;
const RUNS = 10;
const path = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

describe("grading the real thing", () => {
  it("src/core as a submission: full score, same verdicts as the in-process run", async () => {
    const sandboxed = await grade({ submission: path("../../src/core"), seed: SEED, numRuns: RUNS, reportsDir: null });
    const subject = core as unknown as Record<string, unknown>;
    const host = createInProcessHost(subject);
    const reference = createInProcessHost(subject);
    const inProcess = [];
    for (const def of allProperties) {
      inProcess.push((await runProperty(def, host, { seed: SEED, numRuns: RUNS, reference: def.needsReference === true ? reference : null })).status);
    }
    await host.close();
    await reference.close();
    expect(sandboxed.properties.map((p) => p.status)).toEqual(inProcess);
    expect(sandboxed.score).toBe(sandboxed.maxScore);
    expect(sandboxed.warnings.filter((w) => !w.startsWith("network not isolated"))).toEqual([]);
  });

  it("examples/submission: both planted bugs show up with counterexamples of a few messages", async () => {
    // Units and groups are where the bugs live; the other families only add shrinking time here.
    const properties = allProperties.filter((p) => p.family === "units" || p.family === "groups");
    const result = await grade({ submission: path("../../examples/submission"), properties, numRuns: 100, reportsDir: null });
    expect(result.score).toBeLessThan(result.maxScore);
    const byId = new Map(result.properties.map((p) => [p.id, p]));
    const astral = byId.get("units.astral-counts-one");
    expect(astral?.status).toBe("failed");
    expect(JSON.stringify(astral?.counterexample)).toMatch(/[\u{10000}-\u{10FFFF}]/u);
    const rounds = byId.get("groups.call-never-separated-from-results");
    expect(rounds?.status).toBe("failed");
    const transcript = (rounds?.counterexample?.operation as { transcript?: { role: string }[] } | undefined)?.transcript ?? [];
    expect(transcript.length).toBeLessThanOrEqual(4);
    expect(transcript.map((m) => m.role)).toEqual(expect.arrayContaining(["assistant", "user", "toolResult"]));
  });
});
