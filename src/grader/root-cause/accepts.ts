import { equalAsContractData } from "../../driver/deep-equal-data";
import type { Expected } from "../../scenario/expected";
import { acceptedOutcomes } from "../../scenario/expected";
import type { Observation } from "../../scenario/observation";

/**
 * The observation is exactly one outcome `expected` accepts: the very value returned (or a
 * ContextCompactionError with one of its codes) and its number of summarizer calls.
 */
export function outcomeAccepted(observation: Observation, expected: Expected): boolean {
  const outcome = observation.outcome;
  const calls = observation.summarizerCalls.length;
  return acceptedOutcomes(expected).some((e) => {
    if (e.summarizerCalls !== calls) return false;
    if (e.kind === "returns") return outcome.kind === "returned" && equalAsContractData(outcome.value, e.value);
    return outcome.kind === "threw" && outcome.error.isContextCompactionError && typeof outcome.error.code === "string" && e.codes.includes(outcome.error.code);
  });
}
