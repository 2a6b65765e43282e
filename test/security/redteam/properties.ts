import fc from "fast-check";
import type { PropertyDefinition } from "../../../src/scenario/property";
import type { Scenario } from "../../../src/scenario/scenario";
import { standInProperties } from "../../grader/stand-in/properties";

// The stand-in properties (units, groups: 3 points) and one through the driver's asynchronous
// path: compactContext must leave the caller's context unchanged (1 point). A submission that
// mutates it fails, unless it can forge what the driver observed (input.unchanged). 4 points.

const compactScenario: Scenario = {
  operation: {
    kind: "compact",
    context: { requirements: [], messages: [{ id: "m1", role: "user", content: "hello" }] },
    prebuilt: false,
    options: { maxUnits: 100, targetUnits: 10, summaryMaxUnits: 5, retainRecentMessages: 0, summaryId: "s1", recordId: "c1" },
    summarizer: { kind: "text", text: "sum", delivery: "sync" },
    summarizerSlot: "script",
    signal: "controller",
    abort: "none",
  },
};

export const redteamProperties: readonly PropertyDefinition[] = [
  ...standInProperties,
  {
    id: "standin.compact-leaves-input-unchanged",
    family: "standin",
    title: "compactContext leaves the caller's context unchanged",
    weight: 1,
    catches: "a compactor that mutates its input",
    specRef: "contract §7",
    arbitrary: fc.constant(compactScenario),
    check: ({ observation }) =>
      observation.outcome.kind === "returned" && observation.input.unchanged ? { ok: true } : { ok: false, message: `expected the input unchanged, observed ${JSON.stringify(observation.input)}` },
  },
];
