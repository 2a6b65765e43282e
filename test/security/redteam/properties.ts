import fc from "fast-check";
import type { PropertyDefinition } from "../../../src/scenario/property";
import type { Scenario } from "../../../src/scenario/scenario";
import { standInProperties } from "../../grader/stand-in/properties";

// The stand-in properties (units, groups: 3 points) and one through the driver's asynchronous
// path: compactContext must leave the caller's context unchanged (1 point). A submission that
// mutates it fails, unless it can forge what the driver observed (input.unchanged). 4 points.
// `setterProperties`: two that read what the driver records after a call with plain assignments
// (a deeply frozen result, a fresh context object). 2 points.

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

export const setterProperties: readonly PropertyDefinition[] = [
  {
    id: "standin.groups-deeply-frozen",
    family: "standin",
    title: "groupToolRounds returns a deeply frozen result",
    weight: 1,
    catches: "a result frozen only at its root",
    specRef: "contract §5",
    arbitrary: fc.constant<Scenario>({ operation: { kind: "groups", transcript: [] } }),
    check: ({ observation }) => (observation.frozen?.deep === true ? { ok: true } : { ok: false, message: `expected a deeply frozen result, observed ${JSON.stringify(observation.frozen)}` }),
  },
  {
    id: "standin.compact-returns-a-new-context",
    family: "standin",
    title: "compactContext returns a context that is not its input",
    weight: 1,
    catches: "a compactor that hands back its input",
    specRef: "contract §7",
    arbitrary: fc.constant(compactScenario),
    check: ({ observation }) =>
      observation.outcome.kind === "returned" && observation.identity.resultContextIsInput === false ? { ok: true } : { ok: false, message: `expected a new context, observed ${JSON.stringify(observation.identity)}` },
  },
];
