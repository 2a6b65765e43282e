import { describe, it } from "vitest";
import {
  abortReasonScenario,
  argumentsClasses,
  boundaryScenario,
  buildScenario,
  compactScenario,
  contextData,
  contractString,
  frozenBuildScenario,
  groupsScenario,
  repeatedIdsScenario,
  stringClasses,
  summarizerScript,
  toolArguments,
  transcript,
  transcriptClasses,
  unitsScenario,
} from "../../generators";
import type { ContextData } from "../../src/scenario/data";
import type { Scenario } from "../../src/scenario/scenario";
import { assertCoverage } from "./_checks";

// Every class the generators promise is reached in at least 5% of 500 samples, for the
// fixed seed and for other seeds; no class is reached by rejection (there is no .filter on
// an arbitrary in generators/).

const C = (code: string) => `code:CONTEXT_${code}`;
const labels = (s: Scenario) => {
  const l = s.labels ?? [];
  return l.some((x) => x.startsWith("code:")) ? [...l, "outcome:throws"] : l;
};
const TWO_SEEDS = { seeds: [20261129, 7] };

function contextClasses(c: ContextData): string[] {
  const out: string[] = [];
  if ((c.requirements ?? []).length > 0) out.push("context:requirements");
  if (c.summary !== undefined && c.summary !== null) out.push("context:summary");
  if ((c.compactions ?? []).length > 0) out.push("context:records");
  if (Object.keys(c).length < 4) out.push("context:channel-omitted");
  return out;
}

describe("coverage of the data generators", () => {
  it("transcript reaches every interleaving class", () => {
    assertCoverage(transcript(), transcriptClasses, [
      "round:overlapping", "round:nested", "round:interleaved", "round:several", "calls:several-in-one-message",
      "results:out-of-call-order", "result-after-user", "result-after-other-call", "result-after-other-result",
      "result:long-distance", "assistant:text-only", "assistant:text-around-calls", "assistant:calls-only",
      "assistant:text-and-calls", "assistant:empty", "size:empty", "size:few", "size:tens",
    ]);
  });

  it("transcript large reaches a few hundred messages", () => {
    assertCoverage(transcript({ size: "large" }), transcriptClasses, ["size:hundreds", "round:overlapping", "result:long-distance"], { ...TWO_SEEDS, numRuns: 100 });
  });

  it("contractString reaches every kind of string", () => {
    assertCoverage(contractString(), stringClasses, ["string:empty", "string:whitespace", "string:ascii", "string:astral", "string:lone-surrogate", "string:combining", "string:long"]);
  });

  it("toolArguments reaches every JSON kind, many keys and the depth limit", () => {
    assertCoverage(toolArguments(), argumentsClasses, [
      "args:empty", "args:many-keys", "args:nested", "args:deep", "args:depth-limit",
      "number:integer", "number:fraction", "number:exponent-form", "number:negative-zero", "value:string", "value:boolean", "value:null",
    ]);
  });

  it("contextData reaches requirements, summaries, records and omitted channels", () => {
    assertCoverage(contextData(), contextClasses, ["context:requirements", "context:summary", "context:records", "context:channel-omitted"]);
  });

  it("summarizerScript reaches every named script", () => {
    const names = ["syncText", "asyncText", "paddedText", "thenableChain", "empty", "whitespaceOnly", "overSummaryMax", "overStringLimit", "nonString", "messageShaped", "toolCallShaped", "throw", "reject", "deepThenableChain"];
    assertCoverage(summarizerScript(), (n) => [`script:${n.name}`], names.map((n) => `script:${n}`), { numRuns: 1000 });
  });
});

describe("coverage of the scenario generators", () => {
  it("buildScenario reaches success and each build code", () => {
    assertCoverage(buildScenario(), labels, [
      "outcome:returns", C("INVALID_INPUT"), C("INVALID_TRANSCRIPT"), C("LIMIT_EXCEEDED"), C("SUMMARY_INVALID"),
      "mutation:several", "input:extra-properties", "build:twice", "round:overlapping", "result-after-user",
    ]);
  });

  it("frozenBuildScenario freezes the input alone or deeply, with extra properties or without; each builds", () => {
    assertCoverage(frozenBuildScenario(), labels, ["frozen:shallow", "frozen:deep", "input:extra-properties", "outcome:returns"]);
  });

  it("abortReasonScenario aborts with each reason but the default one, before the call and while the summary is awaited; each is cancelled", () => {
    assertCoverage(abortReasonScenario(), labels, ["abort-reason:error", "abort-reason:timeout", "abort-reason:text", "abort:beforeCall", "abort:inSummarizer", "abort:whilePending", C("CANCELLED")]);
  });

  it("repeatedIdsScenario repeats message ids inside the compacted prefix and across the cut; each compacts", () => {
    assertCoverage(repeatedIdsScenario(), labels, ["ids:repeated-in-prefix", "ids:repeated-across-cut", "outcome:returns"]);
  });

  it("unitsScenario reaches plain and prebuilt inputs, valid and not", () => {
    assertCoverage(unitsScenario(), labels, ["outcome:returns", "outcome:throws", "prebuilt:true", "prebuilt:false", "round:nested"]);
  });

  it("groupsScenario reaches valid transcripts of every shape and broken ones", () => {
    assertCoverage(groupsScenario(), labels, ["outcome:returns", C("INVALID_TRANSCRIPT"), C("LIMIT_EXCEEDED"), "round:overlapping", "round:nested", "result-after-user"]);
  });

  it("boundaryScenario reaches a found cut, each null reason and bad options", () => {
    assertCoverage(boundaryScenario(), labels, [
      "boundary:reason-found", "noBoundary:retention", "noBoundary:crossing", "noBoundary:unreachable",
      C("INVALID_BUDGET"), C("INVALID_INPUT"), "prebuilt:true", "prebuilt:false",
    ]);
    assertCoverage(boundaryScenario({ cases: ["invalidContext"] }), labels, [C("INVALID_INPUT"), C("INVALID_TRANSCRIPT"), C("LIMIT_EXCEEDED"), C("SUMMARY_INVALID"), "options:also-invalid"], TWO_SEEDS);
  });

  it("compactScenario reaches every regime and the common codes", () => {
    assertCoverage(compactScenario(), labels, [
      ...["belowThreshold", "compacts", "noBoundary", "summaryTooLarge", "targetMissed", "summarizerFails", "summaryInvalid", "cancelled", "recordsFull", "invalidOptions", "invalidContext"].map((r) => `regime:${r}`),
      "outcome:returns", C("BOUNDARY_UNAVAILABLE"), C("CANCELLED"), C("SUMMARIZER_FAILED"), C("SUMMARY_INSUFFICIENT"), C("LIMIT_EXCEEDED"), C("INVALID_INPUT"),
      "prebuilt:true", "prebuilt:false", "abort:none", "abort:afterSettlement",
    ]);
  });

  const perRegime: [string, string[]][] = [
    ["noBoundary", ["noBoundary:retention", "noBoundary:crossing", "noBoundary:unreachable"]],
    ["compacts", ["script:syncText", "script:asyncText", "script:paddedText", "script:thenableChain", "abort:none", "abort:afterSettlement", "round:overlapping", "result-after-user"]],
    ["summaryInvalid", ["script:empty", "script:whitespaceOnly", "script:overStringLimit", "script:nonString", "script:messageShaped", "script:toolCallShaped", C("SUMMARY_INVALID"), C("SUMMARY_INSUFFICIENT"), C("LIMIT_EXCEEDED")]],
    ["summarizerFails", ["script:throw", "script:reject", "script:deepThenableChain", C("SUMMARIZER_FAILED")]],
    ["summaryTooLarge", ["script:overSummaryMax", C("SUMMARY_INSUFFICIENT")]],
    ["cancelled", ["abort:beforeCall", "abort:inSummarizer", "abort:whilePending", "abort:atSettlement", "script:never", C("CANCELLED")]],
    ["invalidOptions", [C("INVALID_INPUT"), C("INVALID_BUDGET"), "mutation:recordId-used"]],
    ["invalidContext", [C("INVALID_INPUT"), C("INVALID_TRANSCRIPT"), C("LIMIT_EXCEEDED"), C("SUMMARY_INVALID")]],
    ["targetMissed", ["edge:target-met-exactly", "outcome:returns"]],
    ["belowThreshold", ["outcome:returns", "abort:beforeCall"]],
  ];
  it.each(perRegime)("compactScenario %s reaches its scripts, aborts and codes", (regime, classes) => {
    assertCoverage(compactScenario({ regime: regime as never }), labels, classes, TWO_SEEDS);
  });
});
