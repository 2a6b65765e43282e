import { afterAll, describe, expect, it } from "vitest";
import { analyzeRootCauses } from "../../src/grader/root-cause/analyze";
import { groupsBattery } from "../../src/grader/root-cause/groups-battery";
import { UpstreamProbe } from "../../src/grader/root-cause/probe";
import { suiteProperties } from "../mutants/matrix";
import { variants } from "./catalogue";
import { coreReference, gradedVariants } from "./grade";

// The questions the analysis asks after the failures (the batteries of
// src/grader/root-cause/analyze.ts) run on every grade, a perfect one too: a valid
// implementation, whichever choice of contract §8 it makes, must answer each as the contract
// accepts, or it would be told of a mistake it did not make. Every variant of the latitude
// catalogue (test/variants/catalogue.ts) is asked them with no failure, and gets no root cause.

const reference = coreReference();
afterAll(() => reference.close());

describe("no mistake found by asking a valid implementation", () => {
  it("every §8 variant answers the batteries as the contract accepts", async () => {
    const { subjects } = await gradedVariants(variants);
    const definitions = suiteProperties();
    const found: string[] = [];
    for (const { id, host } of subjects) {
      const { rootCauses } = await analyzeRootCauses([], { definitions, subject: host, reference });
      for (const cause of rootCauses) found.push(`${id}: ${cause.title} — ${cause.differences?.[0]?.question ?? ""}: ${cause.differences?.[0]?.subject ?? ""}`);
    }
    expect(subjects.length).toBeGreaterThan(20);
    expect(found).toEqual([]);
  }, 300_000);

  it("every §8 variant answers the groups battery (asked only behind a grouping mistake) as the contract does", async () => {
    const { subjects } = await gradedVariants(variants);
    const found: string[] = [];
    for (const { id, host } of subjects) for (const f of await groupsBattery(new UpstreamProbe(host), new Set())) found.push(`${id}: ${f.key} — ${f.question}: ${f.subject}`);
    expect(found).toEqual([]);
  }, 300_000);
});
