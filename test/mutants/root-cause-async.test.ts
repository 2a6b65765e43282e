import { afterAll, describe, expect, it } from "vitest";
import { analyzeRootCauses } from "../../src/grader/root-cause/analyze";
import type { Observation } from "../../src/scenario/observation";
import type { Scenario } from "../../src/scenario/scenario";
import { mutants } from "./catalogue";
import { hostsFor, runOne, suiteProperties, type PropertyVerdict } from "./matrix";
import { coreReference } from "../variants/grade";

// The async layer (src/grader/root-cause/settling.ts, reproduce.ts): a failure is put under it
// only when the subject's own settling of the same summarizer script and abort, asked on a plain
// context it compacts right with a plain summarizer, explains it (the re-judge passes) or
// reproduces its hang or leaked rejection. Anything else stays its own root cause.

const SETTINGS = { seed: 20261129, numRuns: 40 };
const properties = suiteProperties().filter((p) => p.family === "async" || p.family === "cancel" || p.family === "compaction");
const reference = coreReference();
afterAll(() => reference.close());

async function analysisOf(mutantId: string, failures?: (hosts: Awaited<ReturnType<typeof hostsFor>>) => Promise<PropertyVerdict[]>, extra: readonly string[] = []) {
  const hosts = await hostsFor(mutants.find((m) => m.id === mutantId)!, reference);
  const failed: PropertyVerdict[] = [];
  if (failures !== undefined) failed.push(...(await failures(hosts)));
  else
    for (const property of properties) {
      const verdict = await runOne(property, hosts, { ...SETTINGS, shrink: false });
      if (verdict.status === "failed") failed.push(verdict);
    }
  const input = failed.map((v) => ({ ...v, id: v.propertyId, title: v.propertyId }));
  const definitions = [...properties, ...suiteProperties().filter((p) => extra.includes(p.id))];
  return { failed, analysis: await analyzeRootCauses(input, { definitions, subject: hosts.subject, reference: hosts.reference }) };
}

const compact = (summarizer: Scenario["operation"] & object, abort: string): Scenario =>
  ({
    operation: {
      kind: "compact",
      context: { requirements: [], summary: null, messages: [{ id: "a", role: "user", content: "x".repeat(40) }, { id: "b", role: "user", content: "y" }], compactions: [] },
      prebuilt: false,
      options: { maxUnits: 20, targetUnits: 20, summaryMaxUnits: 12, retainRecentMessages: 1, summaryId: "s", recordId: "r" },
      summarizer,
      summarizerSlot: "script",
      signal: "controller",
      abort,
    },
  }) as Scenario;

describe("the async root cause", () => {
  it("abort-seen-only-by-event (the abort is seen only through its event): every async and cancel failure under one cause, the watching of the signal", async () => {
    const { failed, analysis } = await analysisOf("abort-seen-only-by-event");
    // Two or more: one root cause for several failures is what the test shows.
    expect(failed.length, "failures (else the test proves nothing)").toBeGreaterThanOrEqual(2);
    expect(analysis.rootCauses.map((c) => c.id)).toEqual(["step5.abort"]);
    expect(analysis.rootCauses[0]!.criterion).toBe("cancellation");
    expect(analysis.rootCauses[0]!.differences?.[0]?.question).toMatch(/^compactContext of 1 message that needs compaction, summarizer /);
  }, 300_000);

  it("summary-trimmed (the text stored otherwise than delivered, seen with async summarizers too): nothing under step 5, its failures under step 6's text", async () => {
    const { failed, analysis } = await analysisOf("summary-trimmed");
    expect(failed.some((v) => v.propertyId.startsWith("async.")), "failures on async scenarios (else the test proves nothing)").toBe(true);
    expect(analysis.rootCauses.map((c) => c.id).filter((id) => id.startsWith("step5."))).toEqual([]);
    expect(analysis.rootCauses.map((c) => c.id)).toContain("step6.text");
  }, 300_000);

  it("summary-coerced-to-text (a step 6 defect: a non-string value becomes text, then too long): one cause at step 6, nothing under step 5", async () => {
    const ids = ["strength.non-string-summary-rejected", "strength.non-string-summary-values"];
    const { failed, analysis } = await analysisOf("summary-coerced-to-text", async (hosts) => {
      const out: PropertyVerdict[] = [];
      for (const id of ids) out.push(await runOne(suiteProperties().find((p) => p.id === id)!, hosts, { seed: 20261129, numRuns: 100, shrink: false }));
      return out.filter((v) => v.status === "failed");
    }, ids);
    expect(failed.length, "failures (else the test proves nothing)").toBe(2);
    expect(analysis.rootCauses.map((c) => c.id)).toEqual(["step6.notString"]);
  }, 300_000);

  it("a failure the subject's settling does not explain is not joined with the one it explains", async () => {
    // abort-ignored-after-call settles differently under an abort inside the summarizer (async),
    // but settles a plain promise with no abort as the contract does: a wrong result there, or a
    // leaked rejection it does not reproduce on the plain question, is not the settling's.
    const { analysis } = await analysisOf("abort-ignored-after-call", async (hosts) => {
      const aborted = compact({ kind: "text", text: "sum", delivery: "promise" } as never, "inSummarizer");
      const plain = compact({ kind: "text", text: "sum", delivery: "promise" } as never, "none");
      const observed = await hosts.subject.observe(aborted);
      const clean = await hosts.subject.observe(plain);
      expect(observed.outcome.kind, "the mutant ignores the abort (else the test proves nothing)").toBe("returned");
      const wrongResult: Observation = { ...clean, outcome: { kind: "returned", value: { status: "unchanged" } } } as Observation;
      const leaked: Observation = { ...clean, unhandledRejections: 1 };
      return [
        { propertyId: "cancel.outcome-per-abort-point", status: "failed", counterexample: aborted, observation: observed },
        { propertyId: "async.outcome-per-script", status: "failed", counterexample: plain, observation: wrongResult },
        { propertyId: "async.no-unhandled-rejection", status: "failed", counterexample: plain, observation: leaked },
      ] as unknown as PropertyVerdict[];
    });
    // The abort missed is the watching of the signal; the wrong result and the leak are other
    // departures (the fast path's answer, a rejection left unhandled), not joined with it.
    expect(analysis.causeOf.get("cancel.outcome-per-abort-point")).toBe("step5.abort");
    expect(analysis.causeOf.get("async.outcome-per-script")).toBe("step2.fastPath");
    expect(analysis.causeOf.get("async.no-unhandled-rejection")).toBe("step5.unhandled");
  }, 300_000);

  it("rejection-code-forwarded: a forged code passed through is one mistake (the forged rule of step 5), whichever code it forges", async () => {
    const ids = ["async.forged-code-is-summarizer-failed"];
    const { failed, analysis } = await analysisOf("rejection-code-forwarded", async (hosts) => {
      const verdict = await runOne(suiteProperties().find((p) => p.id === ids[0])!, hosts, { seed: 20261129, numRuns: 100, shrink: false });
      return verdict.status === "failed" ? [verdict] : [];
    }, ids);
    expect(failed.length, "it fails (else the test proves nothing)").toBe(1);
    expect(analysis.rootCauses.map((c) => c.id)).toEqual(["step5.forged"]);
  }, 300_000);
});
