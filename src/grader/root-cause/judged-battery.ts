import type { Host } from "../../scenario/host";
import type { Observation } from "../../scenario/observation";
import type { PropertyDefinition } from "../../scenario/property";
import type { Scenario } from "../../scenario/scenario";
import type { CriterionId } from "../criteria";
import { contractOf } from "./accepts";
import { diagnose } from "./diagnose";
import type { UpstreamProbe } from "./probe";
import { RULES } from "./rules";
import type { Signature } from "./signature";

// A battery judged by properties (./async-battery, ./reading-battery): fixed questions asked of
// the subject and judged with the checks of one criterion's properties, so that what a property
// counts (reads of then, getters called, traps run) counts here too. The first answer a check
// refuses is diagnosed as a failure of that property would be; it is a mistake found by asking
// when its signature is of the battery's criterion and no root cause of the grade has it.

export interface JudgedFinding {
  readonly signature: Signature;
  /** The property whose check the answer failed. */
  readonly property: string;
  readonly scenario: Scenario;
}

/** Whether every judge accepts the subject's answer to `scenario`. */
export function judgedRight(scenario: Scenario, observation: Observation, judges: readonly PropertyDefinition[]): boolean {
  const expected = contractOf(scenario);
  return expected !== null && judges.every((d) => d.needsReference === true || d.check({ scenario, observation, expected, reference: null }).ok);
}

/** The first of `questions` whose answer a judge refuses with a new signature of `criterion`; null when none is. */
export async function judgedBattery(probe: UpstreamProbe, questions: readonly Scenario[], judges: readonly PropertyDefinition[], criterion: CriterionId, known: ReadonlySet<string>, reference: Host | null): Promise<JudgedFinding | null> {
  for (const question of questions) {
    const asked = await probe.asked(question);
    if (asked === undefined) return null;
    const { scenario, observation } = asked;
    const expected = contractOf(scenario);
    if (expected === null) continue;
    const def = judges.find((d) => d.needsReference !== true && !d.check({ scenario, observation, expected, reference: null }).ok);
    if (def === undefined) continue;
    let signature: Signature;
    try {
      ({ signature } = await diagnose({ def, scenario, observation }, expected, probe, reference));
    } catch {
      continue;
    }
    if (signature.undiagnosed === true || known.has(signature.key) || RULES[signature.rule].criterion !== criterion) continue;
    return { signature, property: def.id, scenario };
  }
  return null;
}
