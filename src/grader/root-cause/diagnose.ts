import type { Expected } from "../../scenario/expected";
import type { Host } from "../../scenario/host";
import { outcomeDeparture } from "./departure";
import type { Failure, Recheck } from "./differences";
import { localize } from "./localize";
import type { UpstreamProbe } from "./probe";
import { verdictFocus } from "./focus";
import { departingProgramStep, STEP_PROPERTY } from "./program-step";
import { signatureOf, type Signature } from "./signature";

// One failure diagnosed: where its mistake lives (./localize) and its signature (./signature).
// A program is diagnosed by its first departing step (./program-step), as the one call that
// step makes: asked alone, the subject departs the same way (else the program's own answer at
// that step is signed, the history it carries being part of the mistake).

export interface Diagnosis {
  readonly recheck: Recheck;
  readonly signature: Signature;
}

export async function diagnose(failure: Failure, expected: Expected | null, probe: UpstreamProbe | null, reference: Host | null): Promise<Diagnosis> {
  const step = departingProgramStep(failure.scenario, failure.observation);
  if (step !== null) {
    const focus = step.index < 0 ? undefined : verdictFocus(failure.def, failure.scenario, failure.observation, expected, step)?.field;
    const alone = probe === null ? undefined : await probe.observe(step.scenario);
    if (alone !== undefined && outcomeDeparture(alone, step.expected) !== null) {
      const call: Failure = { def: STEP_PROPERTY, scenario: step.scenario, observation: alone, focus };
      const recheck = probe === null ? { layer: null, differences: [] } : await localize(call, probe, reference);
      return { recheck, signature: await signatureOf(call, recheck, step.expected, probe) };
    }
    const recheck: Recheck = { layer: null, differences: [] };
    return { recheck, signature: await signatureOf({ def: STEP_PROPERTY, scenario: step.scenario, observation: step.observation, focus }, recheck, step.expected, probe) };
  }
  const focused: Failure = { ...failure, focus: verdictFocus(failure.def, failure.scenario, failure.observation, expected, null)?.field };
  const recheck: Recheck = probe === null ? { layer: null, differences: [] } : await localize(focused, probe, reference);
  return { recheck, signature: await signatureOf(focused, recheck, expected, probe) };
}
