import type { Observation } from "../../scenario/observation";
import type { Scenario, SummarizerScript } from "../../scenario/scenario";
import type { UpstreamProbe } from "./probe";
import type { Signature } from "./signature-type";

// The summarizer's synchronous throw let out as it is. §7 step 4 makes a synchronous throw of
// the summarizer CONTEXT_SUMMARIZER_FAILED, whatever was thrown; a subject that calls the
// summarizer outside its try lets every throw escape, and the failures show it on whatever the
// summarizer threw (a string, an error forging a code, a forgery thrown while an abort comes):
// three rules (a failing summarizer, forged codes, a cancellation's error) for one mistake.
// Told by asking the same call with a summarizer that throws a plain string, no signal.

/** Whether a script throws when the summarizer is called (not through its value). */
function throwsAtOnce(script: SummarizerScript): boolean {
  return script.kind === "throw" || (script as { readonly delivery?: unknown }).delivery === "throw";
}

/** The signature of the summarizer's throw let out, when `scenario`'s answer shows it; null otherwise. */
export async function throwLetOut(scenario: Scenario, observation: Observation, probe: UpstreamProbe | null): Promise<Signature | null> {
  const op = scenario.operation;
  const outcome = observation.outcome;
  if (probe === null || op.kind !== "compact" || !throwsAtOnce(op.summarizer) || outcome.kind !== "threw" || outcome.error.isContextCompactionError) return null;
  const plain = await probe.observe({ operation: { ...op, summarizer: { kind: "throw", value: "boom" }, summarizerSlot: "script", signal: "none", abort: "none" } });
  if (plain?.outcome.kind !== "threw" || plain.outcome.error.isContextCompactionError || plain.outcome.error.typeOf !== "string") return null;
  return {
    key: "step5.rejection a throw let out as it is",
    rule: "step5.rejection",
    question: "compactContext with a summarizer that throws \"boom\" when called",
    subject: "throws \"boom\" itself, not a ContextCompactionError",
    contract: "rejects with CONTEXT_SUMMARIZER_FAILED",
  };
}
