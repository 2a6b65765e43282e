import { expectedFor } from "../../model/index";
import { withoutUpstream } from "../../model/upstream";
import type { Host } from "../../scenario/host";
import type { Observation } from "../../scenario/observation";
import { judge } from "../run/judge";
import { decoratedReading } from "./decorated";
import type { Failure, Recheck } from "./differences";
import { FACT_LAYERS, withContractFact } from "./facts";
import type { UpstreamProbe } from "./probe";
import { recheckLayers } from "./recheck";
import { reproducedInSettling } from "./reproduce";

// Where one failure's mistake lives, tried in order: the layers' re-check (./recheck), the
// subject's own reading of decorated inputs and options (./decorated), a hang, escaped error or
// leaked rejection reproduced by the async question (./reproduce), one observed fact taken as
// the contract's (./facts). None: the failure is explained by no upstream answer nor fact.

export async function localize(failure: Failure, probe: UpstreamProbe, reference: Host | null): Promise<Recheck> {
  const referenceObservation = failure.def.needsReference === true && reference !== null ? await reference.observe(failure.scenario) : null;
  if (failure.def.needsReference === true && referenceObservation === null) return { layer: null, differences: [] };
  return (
    (await recheckLayers(failure, probe, referenceObservation)) ??
    (await decoratedReading(failure, probe, reference)) ??
    (await reproducedInSettling(failure.scenario, failure.observation, probe)) ??
    (await explainedByFact(failure, reference, referenceObservation)) ?? { layer: null, differences: [] }
  );
}

/**
 * The last re-check (./facts): the same observation with one observed fact (frozen-ness,
 * identity, the input after the call, the error's class, calls into the input's getters, then
 * or a promise's constructor) taken from the reference core's observation of the same scenario.
 */
async function explainedByFact(failure: Failure, reference: Host | null, known: Observation | null): Promise<Recheck | null> {
  if (reference === null) return null;
  const contract = known ?? (await reference.observe(failure.scenario));
  for (const fact of FACT_LAYERS) {
    const patched = withContractFact(fact, failure.scenario, failure.observation, contract);
    if (patched === null) continue;
    const verdict = withoutUpstream(() => judge(failure.def, { scenario: failure.scenario, observation: patched.observation, expected: expectedFor(failure.scenario), reference: known }));
    if (verdict.ok) return { layer: fact, how: "fact", differences: patched.differences };
  }
  return null;
}
