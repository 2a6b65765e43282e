import { equalAsContractData } from "../../driver/deep-equal-data";
import { expectedFor } from "../../model/index";
import { withoutUpstream } from "../../model/upstream";
import type { Expected } from "../../scenario/expected";
import { acceptedOutcomes } from "../../scenario/expected";
import type { Observation } from "../../scenario/observation";
import type { Scenario } from "../../scenario/scenario";
import { outcomeDeparture } from "./departure";

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

/** The contract's answer to a scenario (every outcome it accepts), or null where the model gives none. */
export function contractOf(scenario: Scenario): Expected | null {
  try {
    return withoutUpstream(() => expectedFor(scenario));
  } catch {
    return null;
  }
}

/** What answeredRight asks: the subject's observation of a scenario (./probe's UpstreamProbe), undefined when unanswered. */
interface Observer {
  observe(scenario: Scenario): Promise<Observation | undefined>;
}

/** Whether the subject answers `scenario` as the contract does (false where either cannot answer). */
export async function answeredRight(scenario: Scenario, probe: Observer | null): Promise<boolean> {
  const contract = contractOf(scenario);
  const answer = contract === null || probe === null ? undefined : await probe.observe(scenario);
  return answer !== undefined && contract !== null && outcomeDeparture(answer, contract) === null;
}
