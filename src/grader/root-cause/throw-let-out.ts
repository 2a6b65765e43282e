import type { Observation } from "../../scenario/observation";
import type { Scenario, SummarizerScript } from "../../scenario/scenario";
import type { UpstreamProbe } from "./probe";
import type { Signature } from "./signature-type";

// The summarizer's failure let out as it is. §7 steps 4 and 5 make a synchronous throw of the
// summarizer, and a rejection of its value, CONTEXT_SUMMARIZER_FAILED, whatever the reason; a
// subject that calls the summarizer outside its try lets every throw escape, and one that awaits
// the value without a catch lets every rejection's reason escape. The failures show it on
// whatever the summarizer threw or rejected with (a string, an error forging a code, through a
// native promise or a thenable's reject, while an abort comes): several rules of step 5 for one
// mistake. Told by asking the same call with a summarizer that throws a plain string (a script
// that throws when called), or whose promise rejects with one (any other script), no signal.

/** Whether a script throws when the summarizer is called (not through its value). */
function throwsAtOnce(script: SummarizerScript): boolean {
  return script.kind === "throw" || (script as { readonly delivery?: unknown }).delivery === "throw";
}

/** The signature of the summarizer's throw or rejection let out, when `scenario`'s answer shows it; null otherwise. */
export async function throwLetOut(scenario: Scenario, observation: Observation, probe: UpstreamProbe | null): Promise<Signature | null> {
  const op = scenario.operation;
  const outcome = observation.outcome;
  if (probe === null || op.kind !== "compact" || op.summarizer.kind === "text" || outcome.kind !== "threw" || outcome.error.isContextCompactionError) return null;
  const thrown = throwsAtOnce(op.summarizer);
  const summarizer: SummarizerScript = thrown ? { kind: "throw", value: "boom" } : { kind: "reject", value: "boom" };
  const plain = await probe.observe({ operation: { ...op, summarizer, summarizerSlot: "script", signal: "none", abort: "none" } });
  if (plain?.outcome.kind !== "threw" || plain.outcome.error.isContextCompactionError || plain.outcome.error.typeOf !== "string") return null;
  const what = thrown ? "a throw" : "a rejection";
  return {
    key: `step5.rejection ${what} let out as it is`,
    rule: "step5.rejection",
    question: `compactContext with a summarizer that ${thrown ? "throws \"boom\" when called" : "returns a promise rejected with \"boom\""}`,
    subject: "throws \"boom\" itself, not a ContextCompactionError",
    contract: "rejects with CONTEXT_SUMMARIZER_FAILED",
  };
}
