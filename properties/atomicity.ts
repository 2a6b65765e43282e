import fc from "fast-check";
import type { CheckInput, Json, PropertyDefinition, Verdict } from "../src/scenario";
import { boundaryScenarios, buildScenarios, compactScenarios, groupsScenarios, plainOnly, prebuiltOnly } from "./_internals/arbitraries";
import { fail, pass, show } from "./_internals/format";
import { field } from "./_internals/json";
import { checkErrorShape, checkThrowsContractError, describeOutcome } from "./_internals/outcome";
import { viewChanged } from "./_internals/transcript-invariants";
import { viewOfMessages } from "./_internals/transcript-view";
import { contextOf } from "./_internals/scenario-reading";
import { judgedByAccepted } from "./_internals/accepted";
import { editedCompact, onCompaction } from "./_internals/strength-define";

// Failures (contract §1, §7 "On every failure"): a ContextCompactionError with the contract's
// code, the input untouched and still frozen, and no record anywhere. Checks judge only the
// scenarios the model expects to fail; the arbitraries are chosen so most of them do. One
// property judges successes: the caller's plain input is untouched then too (§3: the module
// never mutates its input).

const failingCompactions = () =>
  fc.oneof(
    compactScenarios("noBoundary"),
    compactScenarios("summaryTooLarge"),
    compactScenarios("targetMissed"),
    compactScenarios("summarizerFails"),
    compactScenarios("invalidOptions"),
  );

/** Compactions that need compaction, their signal aborted before the call (CONTEXT_CANCELLED). */
const abortedBeforeCall = () => onCompaction(fc.constant(null), () => editedCompact("abort:beforeCall", (op) => ({ ...op, signal: "controller", abort: "beforeCall" })));

/** Compactions that succeed: a new record, or the unchanged fast path. */
const succeedingCompactions = () => fc.oneof(compactScenarios("compacts"), compactScenarios("belowThreshold"));

/** Failures of every export: compaction regimes plus invalid builds, transcripts and options. */
const anyFailure = () => fc.oneof(failingCompactions(), buildScenarios(), groupsScenarios(), boundaryScenarios());

function whenExpectedToFail(input: CheckInput, judge: (codes: readonly string[]) => Verdict): Verdict {
  return input.expected.kind === "throws" ? judge(input.expected.codes) : pass;
}

/** Input never mutated; the message names what changed (messages via the transcript view, or records). */
function inputUnchanged({ scenario, observation }: CheckInput, after_ = "a failure"): Verdict {
  if (observation.input.unchanged) return pass;
  const after = observation.input.after;
  const before = contextOf(scenario.operation);
  const messages = viewChanged(viewOfMessages((before.messages ?? []) as unknown as Json), viewOfMessages(field(after, "messages")));
  const records = field(after, "compactions");
  const what = messages ?? (Array.isArray(records) && records.length !== (before.compactions ?? []).length ? `compactions went from ${(before.compactions ?? []).length} to ${records.length} records` : `input is now ${show(after)}`);
  return fail(`expected the input unchanged after ${after_} (${describeOutcome(observation.outcome)}), observed: ${what}`);
}

export const atomicityProperties: readonly PropertyDefinition[] = judgedByAccepted([
  {
    id: "atomicity.failure-rejects",
    family: "atomicity",
    title: "A compaction that cannot succeed rejects instead of resolving",
    weight: 3,
    catches: "Resolving {status: \"unchanged\"} or a half-built result when there is no boundary, the summary is unusable or the target is missed.",
    specRef: "contract §7",
    arbitrary: failingCompactions(),
    check: (input) =>
      whenExpectedToFail(input, (codes) =>
        input.observation.outcome.kind === "threw" ? pass : fail(`expected a rejection with code ${codes.join(" or ")}, observed: ${describeOutcome(input.observation.outcome)}`),
      ),
  },
  {
    id: "atomicity.error-is-context-compaction-error",
    family: "atomicity",
    title: "Every failure is a frozen ContextCompactionError",
    // 2 until session 19, when one point went to atomicity.compact-failure-is-a-rejection (§1's errors both).
    weight: 1,
    catches: "Throwing a plain Error (even one with a code), a TypeError from a missing check, or a mutable error.",
    specRef: "contract §1",
    arbitrary: anyFailure(),
    check: (input) => whenExpectedToFail(input, () => checkErrorShape(input.observation)),
  },
  {
    id: "atomicity.compact-failure-is-a-rejection",
    family: "atomicity",
    title: "compactContext never throws: each of its failures is a rejection of the promise it returns",
    weight: 1,
    catches: "A synchronous throw from compactContext (an options check, or an already-aborted signal, tested before the first await), where the caller awaits a promise that rejects.",
    specRef: "contract §1, §7",
    arbitrary: fc.oneof(failingCompactions(), abortedBeforeCall()),
    check: (input) =>
      whenExpectedToFail(input, (codes) =>
        input.observation.identity.threwSynchronously === true ? fail(`expected compactContext to return a promise that rejects with ${codes.join(" or ")}, observed a synchronous throw (${describeOutcome(input.observation.outcome)})`) : pass,
      ),
  },
  {
    id: "atomicity.error-code",
    family: "atomicity",
    title: "Every failure carries the contract's code",
    weight: 2,
    catches: "A wrong code for a failing step (e.g. CONTEXT_INVALID_INPUT for a bad budget, SUMMARY_INVALID for an insufficient summary).",
    specRef: "contract §3, §5, §6, §7",
    arbitrary: anyFailure(),
    check: (input) => whenExpectedToFail(input, (codes) => checkThrowsContractError(input.observation, codes)),
  },
  {
    id: "atomicity.prebuilt-input-unchanged-and-frozen",
    family: "atomicity",
    title: "A failed compaction leaves a built context deep-equal and deeply frozen",
    weight: 4,
    catches: "A shallow freeze that lets a failing compaction (or anyone) edit nested messages or records.",
    specRef: "contract §3, §7",
    arbitrary: prebuiltOnly(failingCompactions()),
    check: (input) =>
      whenExpectedToFail(input, () => {
        const unchanged = inputUnchanged(input);
        if (!unchanged.ok) return unchanged;
        return input.observation.input.stillFrozen === true ? pass : fail("expected the built input context still deeply frozen after the failure, observed a mutable part");
      }),
  },
  {
    id: "atomicity.plain-input-unchanged",
    family: "atomicity",
    title: "A failed compaction leaves a plain-object input untouched, with no record",
    // 3 until session 19, when its criterion's point went to atomicity.plain-input-unchanged-on-success (still 200 in all).
    weight: 2,
    catches: "Mutating the caller's plain input (appending a record, replacing messages) before a later step fails.",
    specRef: "contract §3, §7",
    arbitrary: plainOnly(failingCompactions()),
    check: (input) => whenExpectedToFail(input, () => inputUnchanged(input)),
  },
  {
    id: "atomicity.plain-input-unchanged-on-success",
    family: "atomicity",
    title: "A successful compaction (or the fast path) leaves a plain-object input untouched: the new record is only in the result",
    weight: 1,
    catches: "Pushing the new record onto the caller's own compactions array (or editing its messages) while building the result, seen only when the input is a plain, mutable object.",
    specRef: "contract §3, §7",
    arbitrary: plainOnly(succeedingCompactions()),
    check: (input) => (input.expected.kind === "returns" ? inputUnchanged(input, "a successful call") : pass),
  },
]);
