import fc from "fast-check";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { asyncScenario, hostileScenario, limitEdgeScenario, programScenario } from "../../generators";
import { CONTRACT_DOC_PATH, contractWithGlossary } from "../../scripts/glossary-doc";
import { decorationKinds } from "../../src/driver/decorations/index";
import { scriptKinds } from "../../src/driver/scripts/index";
import { glossary, internalNames } from "../../src/grader/report/glossary";
import { renderScenario } from "../../src/grader/report/notation";

// Reports print scenario elements in words (src/grader/report/glossary.ts); the glossary
// appendix of docs/contract.md lists them with the names the data gives them.
describe("the glossary of counterexamples", () => {
  it("the glossary appendix of docs/contract.md is what scripts/glossary-doc.ts writes", () => {
    const text = readFileSync(CONTRACT_DOC_PATH, "utf8");
    expect(text).toBe(contractWithGlossary(text));
  });

  it("has words for every summarizer script and every decoration the driver knows", () => {
    const terms = (group: string) => new Set(glossary().filter((e) => e.group === group).map((e) => e.term));
    expect(scriptKinds.map((k) => k.kind).filter((k) => !terms("summarizer").has(k))).toEqual([]);
    expect(decorationKinds.map((k) => k.kind).filter((k) => !terms("decoration").has(k))).toEqual([]);
  });

  it("counterexamples of generated scenarios print no internal name of the scenario data", () => {
    const names = internalNames();
    const scenarios = [asyncScenario(), hostileScenario(), limitEdgeScenario(), programScenario(), programScenario({ profiles: ["failures"], reuse: { options: true, signal: true } })].flatMap((arb) => fc.sample(arb as fc.Arbitrary<Parameters<typeof renderScenario>[0]>, { seed: 7, numRuns: 150 }));
    const printed = scenarios.flatMap((s) => renderScenario(s)).join("\n");
    expect(names.filter((n) => new RegExp(`\\b${n.replace(/\./g, "\\.")}\\b`).test(printed))).toEqual([]);
  });
});
