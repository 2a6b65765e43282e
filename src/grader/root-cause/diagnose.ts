import type { Expected } from "../../scenario/expected";
import type { Host } from "../../scenario/host";
import type { Observation } from "../../scenario/observation";
import { contractOf } from "./accepts";
import { outcomeDeparture } from "./departure";
import type { Failure, Recheck } from "./differences";
import { localize } from "./localize";
import type { UpstreamProbe } from "./probe";
import { originOf, verdictFocus } from "./focus";
import { departingProgramStep, STEP_PROPERTY } from "./program-step";
import { signatureOf, type Signature } from "./signature";

// One failure diagnosed: where its mistake lives (./localize) and its signature (./signature).
// A program is diagnosed by its first departing step (./program-step), as the one call that
// step makes: asked alone, the subject departs the same way (else the program's own answer at
// that step is signed, the history it carries being part of the mistake).

export interface Diagnosis {
  readonly recheck: Recheck;
  readonly signature: Signature;
  /** A returned result's differing fields (./focus), when the answer is one. */
  readonly fields?: readonly string[];
  /** Where the signature is named by the field the verdict turned on, not the first: that field, and the signature by the first. */
  readonly focused?: { readonly field: string; readonly unfocused: Signature };
}

export async function diagnose(failure: Failure, expected: Expected | null, probe: UpstreamProbe | null, reference: Host | null): Promise<Diagnosis> {
  const contract = expected ?? (failure.scenario.operation.kind === "program" ? contractOf(failure.scenario) : null);
  const verdict = contract === null ? undefined : (observation: Observation) => originOf(failure.def, failure.scenario, observation, contract);
  const step = departingProgramStep(failure.scenario, failure.observation, verdict);
  const reading = step === null ? verdictFocus(failure.def, failure.scenario, failure.observation, expected, null) : step.index < 0 ? null : verdictFocus(failure.def, failure.scenario, failure.observation, expected, step);
  const focus = reading !== null && reading.field !== null && reading.field !== reading.fields[0] ? reading.field : undefined;
  const signed = async (call: Failure, want: Expected | null, recheck: Recheck): Promise<Diagnosis> => {
    const signature = await signatureOf(focus === undefined ? call : { ...call, focus }, recheck, want, probe);
    const unfocused = focus === undefined ? null : await signatureOf(call, recheck, want, probe);
    return { recheck, signature, ...(reading === null ? {} : { fields: reading.fields }), ...(unfocused === null || unfocused.key === signature.key ? {} : { focused: { field: focus!, unfocused } }) };
  };
  if (step !== null) {
    const alone = probe === null ? undefined : await probe.observe(step.scenario);
    if (alone !== undefined && outcomeDeparture(alone, step.expected) !== null) {
      const call: Failure = { def: STEP_PROPERTY, scenario: step.scenario, observation: alone };
      return signed(call, step.expected, probe === null ? { layer: null, differences: [] } : await localize(call, probe, reference));
    }
    return signed({ def: STEP_PROPERTY, scenario: step.scenario, observation: step.observation }, step.expected, { layer: null, differences: [] });
  }
  return signed(failure, expected, probe === null ? { layer: null, differences: [] } : await localize(failure, probe, reference));
}
