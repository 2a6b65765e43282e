import { LIMIT } from "../../model/limits";
import { type Json, isJsonObject } from "../../scenario/data";
import { returnedValue } from "./departure";
import type { Expected } from "../../scenario/expected";
import type { Observation } from "../../scenario/observation";
import type { Scenario } from "../../scenario/scenario";
import type { UpstreamProbe } from "./probe";
import { contractUnits, itemsOf, refineUnits, type UnitsFinding } from "./refine-units";
import { stringPoints } from "./ceilings";

// A limit of the new context (§3's total of string code points, checked when §7 step 8 builds
// it) refused where the contract completes the compaction may be no mistake of the limit: an
// implementation that keeps running tallies, as the course's own does, derives the new
// context's count of strings from the counts it keeps of the old one, and a units mistake in
// those counts moves it. Told apart by how far off the count is: when the submission's units of
// the compacted context depart from the contract's by δ, and the contract's new context lies
// within |δ| of the limit (a count off by δ explains the refusal, one farther off does not), the
// refusal is that units mistake's, named by the row where its count departs.


/** The units row whose miscount explains a refusal at the new context's limit of strings; null when none does. */
export async function limitByUnits(scenario: Scenario, observation: Observation, contract: Expected, probe: UpstreamProbe): Promise<UnitsFinding | null> {
  const op = scenario.operation;
  const outcome = observation.outcome;
  if (op.kind !== "compact" || (scenario.decorations ?? []).length > 0) return null;
  if (outcome.kind !== "threw" || !outcome.error.isContextCompactionError || outcome.error.code !== "CONTEXT_LIMIT_EXCEEDED") return null;
  const result = returnedValue(contract, observation);
  if (!isJsonObject(result ?? undefined) || (result as { status?: Json }).status !== "compacted") return null;
  const strings = stringPoints((result as { context: Json }).context);
  const [own, want] = [await probe.unitsOfInput(op.context), contractUnits(op.context)];
  if (own === null || want === null || own === want) return null;
  if (strings > LIMIT.totalStringUnits || strings + Math.abs(own - want) <= LIMIT.totalStringUnits) return null;
  return refineUnits(itemsOf(op.context), probe);
}
