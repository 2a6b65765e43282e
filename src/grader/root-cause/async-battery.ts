import type { Host } from "../../scenario/host";
import type { PropertyDefinition } from "../../scenario/property";
import type { SummarizerScript } from "../../scenario/scenario";
import { judgedBattery, judgedRight, type JudgedFinding } from "./judged-battery";
import type { UpstreamProbe } from "./probe";
import { plainShapes, rightShape } from "./plain-shapes";

// A mistake in observing the summarizer's value that hides behind another. Where a mistake
// upstream (the boundary, a units row) departs first on every compaction the async properties
// make, the one way of awaiting that is wrong shows in no failure of its own. Where the grade
// holds no mistake of observing the value, the analysis asks the submission a fixed set of
// summarizer values, no signal, on the first plain context it compacts right with a plain text
// summarizer (./plain-shapes), so that what departs is the value's observation, and judges each
// answer with the async properties' own checks (so the counters count: a then read twice, a
// then called again). The first departure, signed as a failure of that property would be, is
// one more mistake, found by asking; several departing values are taken for one mistake.

const TEXT = "summary";

/** One value of each kind §7 step 5 names, in the order of its rules. */
export const ASYNC_BATTERY: readonly SummarizerScript[] = [
  { kind: "text", text: TEXT, delivery: "promise" },
  { kind: "thenableChain", depth: 1, text: TEXT },
  { kind: "thenableChain", depth: 64, text: TEXT },
  { kind: "thenableChain", depth: 65, text: TEXT },
  { kind: "nestedPromise", shape: "promiseInThenable", thenables: 1, text: TEXT },
  { kind: "nestedPromise", shape: "thenableInPromise", thenables: 1, text: TEXT },
  { kind: "text", text: TEXT, delivery: "promise", dress: { then: "lying" } },
  { kind: "text", text: TEXT, delivery: "promise", dress: { ctor: "throwingAccessor" } },
  { kind: "reject", value: "boom" },
  { kind: "throw", value: "boom" },
  { kind: "thenGetterThrows" },
  { kind: "thenGetterDelivers", text: TEXT },
  { kind: "thenThrows", when: "beforeResolving", text: TEXT },
  { kind: "thenThrows", when: "afterResolving", text: TEXT },
  { kind: "thenReturnsRejecting", rejects: "immediately", text: TEXT },
  { kind: "thenReturnsRejecting", rejects: "later", text: TEXT },
  { kind: "thenableTwice", shape: "deliveredTwice", text: TEXT },
  { kind: "thenableTwice", shape: "selfCycle", text: TEXT },
  { kind: "thenableTwice", shape: "twoCycle", text: TEXT },
  { kind: "proxyPromise", text: TEXT },
  { kind: "thenReturnsLocked", where: "proxy", text: TEXT },
  { kind: "lockedPromise", lock: "ownAccessor", text: TEXT },
  { kind: "lockedPromise", lock: "ownSubclass", text: TEXT },
  { kind: "lockedPromise", lock: "subclassSpecies", text: TEXT },
  { kind: "forgedError", form: "lookalike", code: "CONTEXT_CANCELLED", delivery: "reject" },
  { kind: "forgedError", form: "instance", code: "CONTEXT_CANCELLED", delivery: "throw" },
];

/**
 * The first value of the battery whose answer one of `judges` (the async properties) refuses,
 * on the first plain context the subject compacts right with a plain text summarizer, signed as
 * that property's failure would be; null when none is (or its signature is no mistake of
 * observing the value, or one a root cause already has).
 */
export async function asyncBattery(probe: UpstreamProbe, judges: readonly PropertyDefinition[], known: ReadonlySet<string>, reference: Host | null): Promise<JudgedFinding | null> {
  const shape = await rightShape(probe, TEXT, (scenario, observation) => judgedRight(scenario, observation, judges));
  if (shape < 0) return null;
  const questions = ASYNC_BATTERY.map((script) => plainShapes(TEXT, script, "none", "none")[shape]!);
  return judgedBattery(probe, questions, judges, "async-observation", known, reference);
}
