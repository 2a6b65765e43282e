import { afterAll, describe, expect, it } from "vitest";
import { analyzeRootCauses } from "../../src/grader/root-cause/analyze";
import { expectedFor } from "../../src/model/index";
import { buildKey, transcriptKey, withUpstreamAnswers } from "../../src/model/upstream";
import type { Json } from "../../src/scenario/data";
import type { Scenario } from "../../src/scenario/scenario";
import { coreReference } from "../variants/grade";
import { mutants } from "./catalogue";
import { hostsFor, runOne, suiteProperties, type PropertyVerdict } from "./matrix";

// A transcript the contract rejects and the subject accepts (the build layer's reading
// question): what the subject returns for it is its own groups, which the contract does not
// fix. The model takes them only with both answers in force (the subject's reading and its
// groups); with either missing, it keeps the contract's codes.

const call = { id: "a", role: "assistant", content: [{ type: "toolCall", id: "c1", name: "lookup", arguments: {} }] };
// The result names another tool than its call: the contract rejects the transcript.
const transcript = [call, { id: "r", role: "toolResult", toolCallId: "c1", toolName: "other", content: "ok", isError: false }] as unknown as Json[];
const scenario: Scenario = { operation: { kind: "groups", transcript: transcript as unknown as Json } };
const theirGroups = [{ kind: "toolRound" as const, startIndex: 0, endIndex: 2 }];
const accepted = new Map([[buildKey({ reader: "groups", input: transcript }), { ok: true as const, context: {} as never }]]);
const rejected = new Map([[buildKey({ reader: "groups", input: transcript }), { ok: false as const, code: "CONTEXT_INVALID_INPUT" }]]);
const groups = new Map([[transcriptKey(transcript), theirGroups]]);

describe("the subject's groups of a transcript the contract rejects", () => {
  it("the contract rejects it", () => {
    expect(expectedFor(scenario)).toMatchObject({ kind: "throws", codes: ["CONTEXT_INVALID_TRANSCRIPT"] });
  });

  it("are taken when the subject accepts the transcript and answers its groups", () => {
    const { value } = withUpstreamAnswers({ builds: accepted, groups }, () => expectedFor(scenario));
    expect(value).toEqual({ kind: "returns", value: [{ ...theirGroups[0], messages: transcript }], summarizerCalls: 0 });
  });

  it("are not taken without the subject's reading, nor without its groups", () => {
    expect(withUpstreamAnswers({ groups }, () => expectedFor(scenario)).value).toMatchObject({ kind: "throws", codes: ["CONTEXT_INVALID_TRANSCRIPT"] });
    expect(withUpstreamAnswers({ builds: accepted }, () => expectedFor(scenario)).value).toMatchObject({ kind: "throws", codes: ["CONTEXT_INVALID_TRANSCRIPT"] });
  });

  it("a rejection with another code is the subject's code, not its groups", () => {
    expect(withUpstreamAnswers({ builds: rejected, groups }, () => expectedFor(scenario)).value).toMatchObject({ kind: "throws", codes: ["CONTEXT_INVALID_INPUT"] });
  });
});

const reference = coreReference();
afterAll(() => reference.close());

describe("the build root cause of a transcript accepted against the contract", () => {
  it("transcript-tool-name-unchecked: the groups comparison with the reference joins the build failures, under the transcript's rule", async () => {
    const mutant = mutants.find((m) => m.id === "transcript-tool-name-unchecked")!;
    const ids = ["differential.groups-same-as-reference"];
    const properties = suiteProperties().filter((p) => ids.includes(p.id));
    const hosts = await hostsFor(mutant, reference);
    const failed: PropertyVerdict[] = [];
    for (const property of properties) {
      const verdict = await runOne(property, hosts, { seed: 20261129, numRuns: 100, shrink: false });
      if (verdict.status === "failed") failed.push(verdict);
    }
    expect(failed.map((v) => v.propertyId), "it fails (else the test proves nothing)").toEqual(ids);
    const analysis = await analyzeRootCauses(
      failed.map((v) => ({ ...v, id: v.propertyId, title: v.propertyId })),
      { definitions: properties, subject: hosts.subject, reference: hosts.reference },
    );
    expect(analysis.rootCauses.map((c) => c.id)).toEqual(["build.transcript"]);
    expect(analysis.rootCauses[0]!.differences?.[0]?.subject).toBe("accepts it");
  }, 300_000);
});
