import type { Json } from "../../scenario/data";
import type { Expected } from "../../scenario/expected";
import { acceptedOutcomes } from "../../scenario/expected";
import type { Observation } from "../../scenario/observation";
import type { Scenario } from "../../scenario/scenario";
import { field, isRecord, sameData } from "../../../properties/_internals/json";
import { contextOf } from "../../../properties/_internals/scenario-reading";
import { contractRequest } from "../../../properties/_internals/summarizer-request";
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

/** The signature of the summarizer called otherwise in `scenario`'s one call; null where its call is the contract's or the boundary differs. */
export function requestSignature(scenario: Scenario, observation: Observation, expected: Expected): Signature | null {
  const op = scenario.operation;
  const calls = observation.summarizerCalls;
  if (op.kind !== "compact" || calls.length !== 1) return null;
  const compacted = acceptedOutcomes(expected).find((e) => e.kind === "returns" && e.summarizerCalls === 1);
  if (compacted === undefined || compacted.kind !== "returns") return null;
  const boundary = field(field(compacted.value, "record"), "boundary");
  const want = contractRequest(op, contextOf(op), boundary);
  const request = calls[0]!.request;
  if (!isRecord(request) || !sameData(field(request, "boundary"), want.boundary)) return null;
  const withSignal = op.signal === "controller" || op.signal === "controllerMuted";
  const second = calls[0]!.secondArgument;
  const secondRight = withSignal ? second === "optionsSignal" : second === "undefined" || second === "unabortedSignal";
  const question = "the summarizer's call (§7 step 4)";
  if (!secondRight || Object.prototype.hasOwnProperty.call(request, "signal")) {
    return {
      key: "step4.signal",
      rule: "step4.signal",
      question,
      subject: `second argument ${second}${Object.prototype.hasOwnProperty.call(request, "signal") ? `, request.signal ${shown(field(request, "signal"))}` : ""}`,
      contract: withSignal ? "second argument options.signal itself, no request.signal" : "second argument undefined or a never-aborted AbortSignal, no request.signal",
    };
  }
  const names = [...new Set([...Object.keys(want), ...Object.keys(request)])];
  const differing = names.find((name) => !sameData(field(request, name), want[name]));
  if (differing === undefined) return null;
  return {
    key: `step4.request request.${differing} ${differing in want ? "differs" : "is a field the contract does not name"}`,
    rule: "step4.request",
    question,
    subject: `request.${differing} ${shown(field(request, differing))}`,
    contract: differing in want ? `request.${differing} ${shown(want[differing])}` : `no request.${differing}`,
  };
}
