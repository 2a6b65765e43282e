import { describe, it } from "vitest";
import { sequenceProperties } from "../../properties/sequences";
import { brokenModules, eachPropertyFails, expectEveryModuleUsed, expectNamesEveryProperty, expectOnlyKnownModules, type KillTable } from "./_kills";

// Every sequence property fails on at least one deliberately broken implementation
// (test/fixtures/broken-sequences/<name>.ts: src/core with one bug that shows over a run).

const KILLS: KillTable = {
  "sequence.outcomes-match-model": "best-effort-open-call",
  "sequence.valid-when-no-call-open": "suffix-one-early",
  "sequence.nothing-lost": "keeps-only-last-record",
  "sequence.target-met": "target-from-max",
  "sequence.record-units-match": "units-before-without-summary",
  "sequence.summarizer-saw-previous-summary": "drops-previous-summary",
  "sequence.failed-step-changes-nothing": "fallback-on-summarizer-failure",
  "sequence.in-flight-call-refused": "best-effort-open-call",
  "sequence.reused-objects-read-anew": "options-remembered-per-object",
};

const brokenNames = brokenModules("broken-sequences");

describe("every sequence property fails on a broken implementation", () => {
  it("the kill table names every sequence property and only known broken modules, each used", () => {
    expectNamesEveryProperty(KILLS, sequenceProperties);
    expectOnlyKnownModules(KILLS, brokenNames);
    expectEveryModuleUsed(KILLS, brokenNames);
  });

  eachPropertyFails({
    folder: "broken-sequences",
    properties: sequenceProperties,
    kills: KILLS,
    reference: true,
    message: { pattern: /expected/, says: "the message says what was expected" },
  });
});
