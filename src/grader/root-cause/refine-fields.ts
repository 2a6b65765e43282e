import { expectedFor } from "../../model/index";
import { withUpstreamAnswers } from "../../model/upstream";
import type { Expected } from "../../scenario/expected";
import type { Observation } from "../../scenario/observation";
import type { Scenario } from "../../scenario/scenario";
import { differingFields, outcomeDeparture, returnedValue } from "./departure";
import type { UpstreamProbe } from "./probe";
import { compactRule } from "./steps";

// The explain phase on the fields of a compacted result (./signature): fields the submission's own
// upstream answers give are theirs, and the compaction's own departure is the first field they do
// not explain.

/**
 * A compacted result that departs in several fields, the first of which the subject's own
 * upstream answers give (its boundary's cut, say) and a later one they do not (the ids it lists):
 * the compaction's own departure is the later field, judged against the contract's answer
 * computed from the subject's units, groups and boundary (the explain phase on fields: what the
 * upstream answers explain is not the compaction's). Null where the first field stays.
 */
export async function ownFieldsContract(scenario: Scenario, observation: Observation, plain: Expected, probe: UpstreamProbe | null): Promise<Expected | null> {
  const op = scenario.operation;
  const first = outcomeDeparture(observation, plain);
  if (probe === null || op.kind !== "compact" || first?.kind !== "value" || first.field === undefined) return null;
  let adjusted: Expected;
  try {
    const run = await probe.untilAnswered(() => withUpstreamAnswers(probe.answers({ build: false, compaction: false, units: true, groups: true, boundary: true }), () => expectedFor(scenario)), 16, 200);
    adjusted = run.value;
  } catch {
    return null;
  }
  const own = outcomeDeparture(observation, adjusted);
  if (own?.kind !== "value" || own.field === undefined || own.field === first.field) return null;
  // The upstream answers explain fields and add none: every field departing from the adjusted
  // answer departs from the contract's too.
  const returned = observation.outcome.kind === "returned" ? observation.outcome.value : null;
  const [plainValue, adjustedValue] = [returnedValue(plain, observation), returnedValue(adjusted, observation)];
  if (returned === null || plainValue === null || adjustedValue === null) return null;
  const before = differingFields(returned, plainValue);
  if (!differingFields(returned, adjustedValue).every((f) => before.includes(f))) return null;
  return compactRule(op, observation, adjusted) === compactRule(op, observation, plain) ? adjusted : null;
}
