import fc from "fast-check";
import type { CheckInput, Observation, PropertyDefinition, Verdict } from "../src/scenario";
import {
  ABORTING,
  abortedThenRefused,
  FORGED,
  QUIET,
  RESOLUTION_WINS,
  UNOBSERVABLE,
  asyncScenarios,
  chainsAtLevels,
  reachedTwiceScenarios,
} from "./async-arbitraries";
import { abortReasonScenario } from "../generators";
import { fail, mismatch, pass, show } from "./_internals/format";
import { firstDifference } from "./_internals/json";
import { checkThrowsContractError, describeOutcome, noUnhandledRejection } from "./_internals/outcome";
import { judgedByAccepted } from "./_internals/accepted";

// Async observation and cancellation (contract §7 steps 4-6, issue 4 item 2): hostile
// summarizer values crossed with abort points. The expected code comes from the model
// (src/model/async-scripts.ts); the driver counts every then call and getter read in
// Observation.hostile ("then.calls", "then.repeat", "then.getter", "constructor.getter",
// "species.getter", "subclass.constructed", "proxyPromise.<trap>", "promise.ownThen").

const SPEC = "contract §7";

/**
 * The model's outcome: the same returned value, or one of the allowed codes; and the call
 * count. A native promise's own (dressed) then is never called: it is observed through the
 * intrinsic then (§7 step 5).
 */
function agreesWithModel({ observation, expected }: CheckInput): Verdict {
  const ownThen = observation.hostile["promise.ownThen"] ?? 0;
  if (ownThen > 0) return fail(`expected a native promise observed through the intrinsic then, observed its own then called ${ownThen} time(s)`);
  if (expected.kind === "throws") {
    const verdict = checkThrowsContractError(observation, expected.codes);
    if (!verdict.ok) return verdict;
  } else {
    if (observation.outcome.kind !== "returned") return fail(`expected the compacted result, observed: ${describeOutcome(observation.outcome)}`);
    const diff = firstDifference(expected.value, observation.outcome.value);
    if (diff !== null) return mismatch(`result ${diff.path}`, diff.expected, diff.observed);
  }
  const calls = observation.summarizerCalls.length;
  return calls === expected.summarizerCalls ? pass : mismatch("summarizer calls", expected.summarizerCalls, calls);
}

const count = (o: Observation, name: string): number => o.hostile[name] ?? 0;

function both(...checks: ((input: CheckInput) => Verdict)[]): (input: CheckInput) => Verdict {
  return (input) => {
    for (const check of checks) {
      const verdict = check(input);
      if (!verdict.ok) return verdict;
    }
    return pass;
  };
}

function calledOnce({ observation }: CheckInput): Verdict {
  const repeats = count(observation, "then.repeat");
  if (repeats > 0) return fail(`expected every thenable's then called at most once, observed ${repeats} repeated call(s) (${show(observation.hostile)})`);
  const getter = count(observation, "then.getter");
  return getter <= 1 ? pass : mismatch("reads of the then getter", "at most 1", getter);
}

function cancelledNotHung({ observation }: CheckInput): Verdict {
  if (observation.outcome.kind === "timeout") return fail(`expected CONTEXT_CANCELLED once the signal aborted, observed: ${describeOutcome(observation.outcome)} (the abort was not raced against the summarizer)`);
  return checkThrowsContractError(observation, ["CONTEXT_CANCELLED"]);
}

function unchangedOnFailure({ scenario, observation, expected }: CheckInput): Verdict {
  if (expected.kind !== "throws") return pass;
  const op = scenario.operation;
  if (!observation.input.unchanged) return fail(`expected the input unchanged after the failure (${describeOutcome(observation.outcome)}), observed it now ${show(observation.input.after)}`);
  if (op.kind === "compact" && op.prebuilt && observation.input.stillFrozen !== true) return fail("expected the built input still deeply frozen after the failure, observed a mutable part");
  return pass;
}

type Def = Omit<PropertyDefinition, "id" | "family" | "specRef"> & { specRef?: string };

function define(id: string, def: Def): PropertyDefinition {
  const family = id.split(".")[0]!;
  return { id, family, specRef: SPEC, ...def };
}

export const asyncProperties: readonly PropertyDefinition[] = judgedByAccepted([
  define("async.outcome-per-script", {
    title: "Each hostile async value yields the contract's outcome when nothing aborts",
    weight: 2,
    catches: "Awaiting the summarizer's value naively: adopting proxies and locked promises, trusting a forged code, letting a late throw beat a resolution.",
    arbitrary: asyncScenarios(undefined, QUIET),
    check: agreesWithModel,
  }),
  define("async.thenable-depth-64-accepted", {
    title: "64 levels of thenable (and promise) adoption are accepted",
    weight: 2,
    catches: "An off-by-one adoption limit that rejects the 64th level, or counting the returned value itself as a level.",
    arbitrary: chainsAtLevels(fc.constant(64)),
    check: agreesWithModel,
  }),
  define("async.thenable-depth-65-rejected", {
    title: "65 levels of adoption or more fail with CONTEXT_SUMMARIZER_FAILED",
    // 2 until session 19, when its criterion's point went to strength.then-return-not-the-value
    // (still 200 in all): strength.adoption-stops-at-64 judges the same limit.
    weight: 1,
    catches: "Unbounded adoption (plain await) that follows any chain, or a limit one too high.",
    arbitrary: chainsAtLevels(fc.integer({ min: 65, max: 70 })),
    check: agreesWithModel,
  }),
  define("async.forged-code-is-summarizer-failed", {
    title: "A rejection that looks like a ContextCompactionError still yields CONTEXT_SUMMARIZER_FAILED",
    // 2 until session 20, when its criterion's point went to strength.inherited-then-adopted
    // (still 200 in all): async.outcome-per-script's scripts include the forged errors too.
    weight: 1,
    catches: "Passing the summarizer's error (or its code) through, so a caller forges CONTEXT_CANCELLED or any other code.",
    arbitrary: asyncScenarios(FORGED, QUIET),
    check: agreesWithModel,
  }),
  define("async.unobservable-promise-refused", {
    title: "A proxied native promise is refused (also returned by a then); one whose constructor or species the caller controls is observed (or refused)",
    // 2 until session 20, when its criterion's point went to strength.undefined-delivery-settles
    // (still 200 in all): strength.then-returns-locked-promise and the strength.promise-*-retried
    // properties judge proxied and locked promises too.
    weight: 1,
    catches: "Delivering the text of a Proxy, calling the intrinsic then through it (CONTEXT_SUMMARIZER_FAILED), or failing (or hanging on) a native promise whose constructor or species lookup runs caller code.",
    arbitrary: asyncScenarios(UNOBSERVABLE, QUIET),
    check: agreesWithModel,
  }),
  define("async.thenable-reached-twice-called-once", {
    title: "A thenable reached twice is called once; a thenable cycle fails; a then accessor is read once",
    weight: 2,
    catches: "Following a thenable cycle (calling then again), calling then again on a thenable delivered twice, or reading then twice (once to test it, once to call it).",
    arbitrary: reachedTwiceScenarios(),
    check: both(calledOnce, agreesWithModel),
  }),
  define("async.resolution-wins", {
    title: "A then that resolves and then throws, or returns a rejecting promise, still delivers its text",
    weight: 1,
    catches: "Letting a throw after the resolution (or the rejection of what then returned) turn a success into a failure.",
    arbitrary: asyncScenarios(RESOLUTION_WINS, QUIET),
    check: agreesWithModel,
  }),
  define("async.no-unhandled-rejection", {
    title: "No unhandledRejection reaches the process, during the call or after it",
    weight: 2,
    catches: "Leaving the rejection of a summarizer promise, or of a promise returned by a custom then, unobserved.",
    arbitrary: asyncScenarios(),
    check: noUnhandledRejection,
  }),
  define("async.failure-leaves-context-unchanged", {
    title: "Every async failure or cancellation leaves the input unchanged, with no record",
    weight: 1,
    catches: "Appending the record (or changing the input) before the summary is safely in, and not rolling back.",
    arbitrary: asyncScenarios(),
    check: unchangedOnFailure,
  }),
  define("cancel.outcome-per-abort-point", {
    title: "Each abort point yields CONTEXT_CANCELLED (or the failure it raced) for every async value",
    // 2 until session 18, when its criterion's point went to cancel.any-abort-reason (still 200 in all).
    weight: 1,
    catches: "Checking the signal only before the call, missing an abort inside the summarizer or at settlement, or judging the returned value before the signal (an abort inside the summarizer followed by a value step 6 refuses is CONTEXT_CANCELLED).",
    // One case in four, drawn last: the summarizer aborts and returns a value step 6 refuses (session 29).
    arbitrary: abortedThenRefused(asyncScenarios(undefined, ABORTING)),
    check: agreesWithModel,
  }),
  define("cancel.arrives-when-summarizer-never-settles", {
    title: "CONTEXT_CANCELLED arrives even when the summarizer never settles",
    // 2 until session 19, when its criterion's point went to cancel.abort-right-after-delivery (still 200 in all).
    weight: 1,
    catches: "Awaiting the summarizer without racing the signal's abort event, so a stuck summarizer hangs forever.",
    arbitrary: asyncScenarios(["never"]),
    check: cancelledNotHung,
  }),
  define("cancel.any-abort-reason", {
    title: "An abort is CONTEXT_CANCELLED whatever the signal's reason (a caller's Error, a TimeoutError, a string, a ContextCompactionError with another code), before the call or while the summary is awaited",
    weight: 1,
    catches: "Counting an abort only when signal.reason is an AbortError (reason.name === \"AbortError\"), so an abort with another reason becomes CONTEXT_SUMMARIZER_FAILED, lets the reason escape, or is ignored; passing on the code of a reason that is a ContextCompactionError.",
    specRef: "contract §7 steps 3, 5, 6",
    arbitrary: abortReasonScenario(),
    check: both(agreesWithModel, unchangedOnFailure),
  }),
  define("cancel.abort-right-after-delivery", {
    title: "An abort made inside then right after resolve(text) is CONTEXT_CANCELLED: the signal is still watched once the text is delivered",
    weight: 1,
    catches: "Reading the signal once when a thenable delivers the text and dropping it then (no listener, no later read), so an abort made right after the resolver call, still inside then, is missed.",
    specRef: "contract §7 steps 5, 6 (cancellation timing)",
    // A then that resolves with the text, is aborted at once, then throws (ignored: it came after a resolver call).
    arbitrary: asyncScenarios(["thenThrowsAfterResolving"], ["atSettlement"]),
    check: both(agreesWithModel, unchangedOnFailure),
  }),
]);

