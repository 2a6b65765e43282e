import type { Json } from "../../scenario/data";
import type { Expected } from "../../scenario/expected";
import { acceptedOutcomes } from "../../scenario/expected";
import type { Observation } from "../../scenario/observation";
import { isControllerSlot, type Scenario } from "../../scenario/scenario";
import { field, isRecord, sameData } from "../../../properties/_internals/json";
import { contextOf } from "../../../properties/_internals/scenario-reading";
import { contractRequest } from "../../../properties/_internals/summarizer-request";
import { contractOf } from "./accepts";
import type { Signature } from "./signature-type";

// The summarizer's call (§7 step 4), where nothing upstream departs: the request and the signal
// handed to it. A failure whose one summarizer call got the contract's boundary but another
// request, or another second argument, and that no earlier layer explains, is signed by what
// differs: a field of the request (one key per field), or the caller's signal not handed over
// as the second argument (whether or not it went into the request instead: one key).

const SHOW = 100;
const shown = (value: Json | undefined) => {
  const text = value === undefined ? "(absent)" : JSON.stringify(value);
  return text.length > SHOW ? `${text.slice(0, SHOW)}…` : text;
};

/**
 * The observation with the summarizer's one call made as the contract makes it (its request and
 * second argument), where it was made otherwise: for the explain phase of a result's verdict
 * (./focus), which asks whether the verdict turned on the call. Null where the call is the
 * contract's, or cannot be told (no one call, another boundary).
 */
export function requestPut(scenario: Scenario, observation: Observation, expected: Expected): Observation | null {
  const departed = callDeparture(scenario, observation, expected);
  if (departed === null) return null;
  const call = observation.summarizerCalls[0]!;
  const secondArgument = departed.withSignal ? "optionsSignal" : call.secondArgument === "unabortedSignal" ? call.secondArgument : "undefined";
  return { ...observation, summarizerCalls: [{ ...call, request: departed.want as unknown as Json, secondArgument }] };
}

/** The signature of the summarizer called otherwise in `scenario`'s one call; null where its call is the contract's or the boundary differs. */
export function requestSignature(scenario: Scenario, observation: Observation, expected: Expected): Signature | null {
  return callDeparture(scenario, observation, expected)?.signature ?? null;
}

/** How the one call departs (its signature), with the contract's request and whether the caller passed a signal; null where it does not or cannot be told. */
function callDeparture(scenario: Scenario, observation: Observation, expected: Expected): { readonly signature: Signature; readonly want: { readonly [name: string]: Json }; readonly withSignal: boolean } | null {
  const op = scenario.operation;
  const calls = observation.summarizerCalls;
  if (op.kind !== "compact" || calls.length !== 1) return null;
  const boundary = contractBoundary(scenario, expected);
  if (boundary === undefined) return null;
  const want = contractRequest(op, contextOf(op), boundary);
  const request = calls[0]!.request;
  if (!isRecord(request) || !sameData(field(request, "boundary"), want.boundary)) return null;
  const withSignal = isControllerSlot(op.signal);
  const second = calls[0]!.secondArgument;
  const secondRight = withSignal ? second === "optionsSignal" : second === "undefined" || second === "unabortedSignal";
  const question = "the summarizer's call (§7 step 4)";
  if (!secondRight || Object.prototype.hasOwnProperty.call(request, "signal")) {
    const signature: Signature = {
      key: "step4.signal",
      rule: "step4.signal",
      question,
      subject: `second argument ${second}${Object.prototype.hasOwnProperty.call(request, "signal") ? `, request.signal ${shown(field(request, "signal"))}` : ""}`,
      contract: withSignal ? "second argument options.signal itself, no request.signal" : "second argument undefined or a never-aborted AbortSignal, no request.signal",
    };
    return { signature, want, withSignal };
  }
  const names = [...new Set([...Object.keys(want), ...Object.keys(request)])];
  const differing = names.find((name) => !sameData(field(request, name), want[name]));
  if (differing === undefined) return null;
  const signature: Signature = {
    key: `step4.request request.${differing} ${differing in want ? "differs" : "is a field the contract does not name"}`,
    rule: "step4.request",
    question,
    subject: `request.${differing} ${shown(field(request, differing))}`,
    contract: differing in want ? `request.${differing} ${shown(want[differing])}` : `no request.${differing}`,
  };
  return { signature, want, withSignal };
}

/**
 * The boundary of the contract's one summarizer call: its record's where it compacts; where it
 * calls the summarizer once and fails after (the summary refused), selectCompactionBoundary's
 * answer on the same context and options. Undefined where the contract makes no one call.
 */
function contractBoundary(scenario: Scenario, expected: Expected): Json | undefined {
  const op = scenario.operation;
  const accepted = acceptedOutcomes(expected);
  const compacted = accepted.find((e) => e.kind === "returns" && e.summarizerCalls === 1);
  if (compacted !== undefined && compacted.kind === "returns") return field(field(compacted.value, "record"), "boundary");
  if (op.kind !== "compact" || !accepted.every((e) => e.kind === "throws" && e.summarizerCalls === 1)) return undefined;
  const asked = contractOf({ operation: { kind: "boundary", context: op.context, prebuilt: op.prebuilt, options: op.options } });
  return asked?.kind === "returns" && typeof asked.value === "number" ? asked.value : undefined;
}
