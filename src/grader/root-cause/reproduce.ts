import { expectedFor } from "../../model/index";
import { isSignalDisguise } from "../../model/hostile";
import { withoutUpstream, type SettlingQuestion } from "../../model/upstream";
import { acceptedOutcomes } from "../../scenario/expected";
import type { Observation } from "../../scenario/observation";
import { isControllerSlot, type Scenario } from "../../scenario/scenario";
import { contractOf, outcomeAccepted } from "./accepts";
import { acceptedText } from "./answers";
import type { UpstreamProbe } from "./probe";
import { settlingQuestionText, type Recheck } from "./differences";
import { contractSettling, controlScenario } from "./settling";

// Three failures no re-judge can pass, whatever the expected answer: a call that never settles,
// a failure that is not a ContextCompactionError, and an unhandled rejection
// (src/grader/run/judge.ts fails them before any property's check). Such a failure is put
// under the async layer (§7 step 5) when it is reproduced by the layer's own question: the
// same summarizer script, signal and abort point on a plain context that needs compaction hang
// (or throw another error, or leak a rejection) too, while the same context compacted with a
// plain text summarizer settles right and leaks nothing. The contract must reach the summarizer in
// the failing scenario (step 5 is where it happens); a program or a decorated scenario is not
// asked, except a signal in disguise that the subject took as the signal (undisguised below).

type Symptom = "hangs" | "escapes" | "leaks";

function symptomOf(observation: Observation): Symptom | null {
  const outcome = observation.outcome;
  if (outcome.kind === "timeout") return "hangs";
  if (outcome.kind === "threw" && !outcome.error.isContextCompactionError) return "escapes";
  return observation.unhandledRejections > 0 ? "leaks" : null;
}

function symptomText(symptom: Symptom, observation: Observation): string {
  const outcome = observation.outcome;
  if (symptom === "hangs") return "never settles";
  if (symptom === "escapes" && outcome.kind === "threw") return `throws a ${outcome.error.typeOf} that is no ContextCompactionError (name ${JSON.stringify(outcome.error.name)}, code ${JSON.stringify(outcome.error.code)})`;
  return `${observation.unhandledRejections} unhandled rejection(s) reach the process`;
}

/** The layer's question for a compaction scenario whose contract reaches the summarizer, or null. */
function settlingQuestionOf(scenario: Scenario): SettlingQuestion | null {
  const op = scenario.operation;
  if (op.kind !== "compact" || op.summarizerSlot !== "script" || op.abort === "beforeCall" || (scenario.decorations?.length ?? 0) > 0) return null;
  const expected = contractOf(scenario);
  if (expected === null) return null;
  if (!acceptedOutcomes(expected).every((e) => e.summarizerCalls >= 1)) return null;
  const controlled = isControllerSlot(op.signal);
  return { script: op.summarizer as never, signal: controlled ? (op.signal as SettlingQuestion["signal"]) : "none", abort: controlled ? op.abort : "none" };
}

/**
 * A signal in disguise (a well-behaved Proxy around it, or another prototype: §8 lets it work as
 * the signal) that the subject took as the signal, since it went on to call the summarizer: the
 * scenario without the disguise, or null.
 */
function undisguised(scenario: Scenario, observation: Observation): Scenario | null {
  const decorations = scenario.decorations ?? [];
  if (decorations.length === 0) return scenario;
  return decorations.every(isSignalDisguise) && observation.summarizerCalls.length >= 1 ? { operation: scenario.operation } : null;
}

export async function reproducedInSettling(scenario: Scenario, observation: Observation, probe: UpstreamProbe): Promise<Recheck | null> {
  const symptom = symptomOf(observation);
  if (symptom === null) return null;
  const plainScenario = undisguised(scenario, observation);
  const question = plainScenario === null ? null : settlingQuestionOf(plainScenario);
  if (question === null) return null;
  const { observation: plain, control } = await probe.settling(question);
  if (plain === undefined || control === undefined || symptomOf(plain) !== symptom) return null;
  const controlScenarioOf = controlScenario(question)!;
  if (symptomOf(control) !== null || !outcomeAccepted(control, withoutUpstream(() => expectedFor(controlScenarioOf)))) return null;
  const contract = contractSettling(question);
  const subject = symptomText(symptom, plain);
  const expected = contract === null ? "settles" : acceptedText(contract);
  return { layer: "async", how: "reproduced", differences: [{ layer: "async", question: settlingQuestionText(question), subject, contract: `${expected}, with no unhandled rejection` }], needs: ["async"] };
}
