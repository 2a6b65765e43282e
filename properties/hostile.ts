import fc from "fast-check";
import type { Observation, PropertyDefinition, Verdict } from "../src/scenario";
import { hostileScenario, limitEdgeScenario, nullChannelProbes, pastLimitProbes } from "../generators";
import { once } from "./_internals/calibrate";
import { decorationsAfterOverflow } from "../src/model/hostile";
import { fail, mismatch, pass, show } from "./_internals/format";
import { sameData } from "./_internals/json";
import { agreeOnOutcome, checkThrowsContractError, describeOutcome } from "./_internals/outcome";
import type { CheckInput } from "../src/scenario";
import { judgedByAccepted } from "./_internals/accepted";

// Hostile inputs and limit edges (contract §3, §6, §7): accessors are never called, functions
// found in the input never called, a Proxy is read like data and a throwing trap becomes the
// channel's code, every budget is checked as it is read so data after an overflow stays
// untouched, and nothing but a ContextCompactionError ever escapes.

const SPEC = "contract §3";
/** Limit edges are large inputs (up to 1,000,000 code points): a few cases per run suffice. */
const LIMIT_RUNS = 12;

const count = (o: Observation, name: string): number => o.hostile[name] ?? 0;

/** The model's outcome: the codes it allows, or the very value it expects. */
function expectedOutcome({ observation, expected }: CheckInput): Verdict {
  if (expected.kind === "throws") return checkThrowsContractError(observation, expected.codes);
  const got = agreeOnOutcome(observation, expected);
  if (got.ok !== true) return got.ok === false ? got.verdict : pass;
  return sameData(got.value, expected.value) ? pass : mismatch("returned value (read like plain data)", expected.value, got.value);
}

function noAccessorCalled({ observation }: CheckInput): Verdict {
  const getter = count(observation, "getter");
  const setter = count(observation, "setter");
  return getter === 0 && setter === 0 ? pass : fail(`expected no accessor of the input called, observed ${getter} getter and ${setter} setter call(s)`);
}

function noFunctionCalled({ observation }: CheckInput): Verdict {
  const calls = count(observation, "function");
  return calls === 0 ? pass : mismatch("calls of functions found in the input", 0, calls);
}

function onlyContractErrors({ observation }: CheckInput): Verdict {
  const outcome = observation.outcome;
  if (outcome.kind === "returned") return pass;
  if (outcome.kind === "threw" && outcome.error.isContextCompactionError) return pass;
  return fail(`expected a result or a ContextCompactionError, observed: ${describeOutcome(outcome)}`);
}

function inputUnchanged({ observation }: CheckInput): Verdict {
  return observation.input.unchanged ? pass : fail(`expected the input unchanged, observed it changed to ${show(observation.input.after)}`);
}

/** Counters of calls into caller code: never allowed after an overflow point. */
const CALLS = ["getter", "setter", "function"];

function unreadAfterOverflow({ scenario, observation }: CheckInput): Verdict {
  const after = decorationsAfterOverflow(scenario);
  // Only when every hostile part is guaranteed unread (or uncalled) can any count be blamed on reading past the overflow.
  if (after.length === 0 || !after.every((a) => a !== null)) return pass;
  // After the units ceiling later data may be read (a Proxy's traps run), but nothing called (§8);
  // a slot of the overflowing array may have its descriptor read, which runs no trap of the item.
  const mayTrap = after.some((a) => a === "noCalls");
  const touched = Object.entries(observation.hostile).filter(([name, n]) => n > 0 && (!mayTrap || CALLS.includes(name)));
  if (touched.length === 0) return pass;
  return fail(`expected hostile data after the overflow point never ${mayTrap ? "called" : "read"}, observed ${touched.map(([k, n]) => `${k}=${n}`).join(", ")} (then ${describeOutcome(observation.outcome)})`);
}

const limitsPast = () => limitEdgeScenario({ side: "past" });

export const hostileProperties: readonly PropertyDefinition[] = judgedByAccepted([
  {
    id: "hostile.rejects-with-channel-code",
    family: "hostile",
    title: "An accessor, hole, class instance, throwing trap, cycle, symbol or non-enumerable argument key, non-JSON value, or a channel that is null, fails with its channel's code",
    weight: 2,
    catches: "Accepting hostile data, or answering with the wrong channel's code (INVALID_INPUT for a bad message); taking requirements, messages or compactions present as null for a missing channel.",
    specRef: SPEC,
    arbitrary: fc.oneof(hostileScenario({ effect: "reject" }), hostileScenario({ effect: "substitute" })),
    // A channel present as null, for every export that reads a context (session 31): refused, never taken for a missing one.
    edgeCases: once(nullChannelProbes),
    check: expectedOutcome,
  },
  {
    id: "hostile.benign-reads-like-data",
    family: "hostile",
    title: "A Proxy with well-behaved traps, a null prototype, extra accessors, symbol keys on records read like plain data",
    weight: 2,
    catches: "Rejecting proxies or null-prototype records, or reading extra properties the contract drops unread.",
    specRef: SPEC,
    arbitrary: hostileScenario({ effect: "benign", secondShare: 0 }),
    check: expectedOutcome,
  },
  {
    id: "hostile.accessor-never-invoked",
    family: "hostile",
    title: "No getter or setter of the input or options is ever called",
    weight: 2,
    catches: "Reading the input with spread, JSON or structuredClone, which run getters.",
    specRef: SPEC,
    arbitrary: fc.oneof({ weight: 3, arbitrary: hostileScenario({ kinds: ["getter", "setterOnly"] }) }, { weight: 1, arbitrary: hostileScenario() }),
    check: noAccessorCalled,
  },
  {
    id: "hostile.function-never-called",
    family: "hostile",
    title: "No function found in the input is ever called",
    weight: 2,
    catches: "Resolving thunks or calling toJSON-like functions found in the data.",
    specRef: SPEC,
    arbitrary: hostileScenario({ kinds: ["function"] }),
    check: noFunctionCalled,
  },
  {
    id: "hostile.only-contract-errors-escape",
    family: "hostile",
    title: "Whatever the input holds, only a ContextCompactionError escapes",
    weight: 2,
    catches: "A trap's exception, a TypeError from a cycle or BigInt, or a DataCloneError escaping as itself.",
    specRef: "contract §1, §3",
    arbitrary: hostileScenario(),
    check: onlyContractErrors,
  },
  {
    id: "hostile.input-unchanged",
    family: "hostile",
    title: "Hostile input is left exactly as it was",
    weight: 2,
    catches: "Repairing the caller's input in place (filling holes, deleting odd keys) before validating.",
    specRef: SPEC,
    arbitrary: hostileScenario(),
    check: inputUnchanged,
  },
  {
    id: "limits.at-limit-builds",
    family: "limits",
    title: "An input exactly at a limit of §3 builds (4096 messages, depth 32, 65536 code points, 1,000,000 units, …)",
    weight: 2,
    catches: "Off-by-one limits (>= instead of >), UTF-16 length instead of code points, budgets counted twice.",
    specRef: SPEC,
    arbitrary: limitEdgeScenario({ side: "at" }),
    numRuns: LIMIT_RUNS,
    check: expectedOutcome,
  },
  {
    id: "limits.past-limit-exceeded",
    family: "limits",
    title: "One past a limit of §3 fails with CONTEXT_LIMIT_EXCEEDED (or, where §8 allows, a bad slot's or later rule's code)",
    weight: 2,
    catches: "A missing budget (aggregate strings, total units, collection items) or one checked per message instead of per input.",
    specRef: SPEC,
    arbitrary: limitsPast(),
    numRuns: LIMIT_RUNS,
    check: expectedOutcome,
  },
  {
    id: "limits.data-after-overflow-never-read",
    family: "limits",
    title: "Hostile data after the point of overflow is never inspected (no trap, getter, setter or function touched; after the units ceiling, nothing called)",
    // 2 until session 14, when its criterion's point went to strength.frozen-input-copied (still 200 in all).
    weight: 1,
    catches: "Validating the whole shape first and checking budgets afterwards.",
    specRef: SPEC,
    arbitrary: limitsPast(),
    numRuns: LIMIT_RUNS,
    // Every limit with a Proxy and a getter just past it, run first in every run.
    edgeCases: once(pastLimitProbes),
    check: unreadAfterOverflow,
  },
]);
