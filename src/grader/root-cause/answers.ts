import { acceptedOutcomes, type Expected } from "../../scenario/expected";
import type { Observation } from "../../scenario/observation";
import type { CompactionAnswer } from "../../model/upstream";
import { value } from "../report/notation";

// A compactContext answer (the outcome of one probe) as an observation to judge, and as text.

export function answerObservation(answer: CompactionAnswer): Observation {
  const outcome = answer.kind === "returns" ? { kind: "returned", value: answer.value } : { kind: "threw", error: { isContextCompactionError: true, isError: true, typeOf: "object", name: null, code: answer.codes[0]!, message: null, frozen: true } };
  return { outcome, summarizerCalls: Array.from({ length: answer.summarizerCalls }, () => ({})) } as unknown as Observation;
}

export function answerText(answer: CompactionAnswer): string {
  const calls = answer.summarizerCalls === 1 ? "1 summarizer call" : `${answer.summarizerCalls} summarizer calls`;
  return answer.kind === "returns" ? `returns ${value(answer.value, 160)} (${calls})` : `rejects with ${answer.codes.join(" or ")} (${calls})`;
}

export function acceptedText(expected: Expected): string {
  return acceptedOutcomes(expected).map((e) => answerText(e.kind === "returns" ? { kind: "returns", value: e.value, summarizerCalls: e.summarizerCalls } : { kind: "throws", codes: e.codes, summarizerCalls: e.summarizerCalls })).join(", or ");
}
