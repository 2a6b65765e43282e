import { modelBoundary, modelGroups } from "../../model/index";
import { withoutUpstream } from "../../model/upstream";
import type { ContextData } from "../../scenario/data";
import type { BoundaryOptions } from "../../model/shapes";
import type { UpstreamProbe } from "./probe";

// How a boundary answer departs from §6 ("the earliest whole-group cut that fits"). Two kinds of
// mistake answer a later cut than the contract's: one reckons otherwise what fits (the budget or
// the retention: a strict comparison, a summary counted, an off-by-one), the other chooses another
// cut among those that fit (the latest, say). They are told apart the way Hypothesis's explain
// phase does, by asking the same question with one part changed: with targetUnits at its largest,
// every cut fits the budget, so a mistake of what fits answers as the contract does there, and a
// mistake of the choice still answers a later whole-group cut. Every other departure (no cut
// where one fits, a cut where none does, an earlier cut, a cut inside a group) is left to the
// plain rule.

/** The detail of a boundary departure: "not the earliest" for a mistake of the choice, else "". */
export async function boundaryDetail(context: ContextData, options: BoundaryOptions, subject: number | null, contract: number | null, probe: UpstreamProbe | null): Promise<string> {
  if (probe === null || subject === null || contract === null || subject <= contract) return "";
  const ends = new Set(modelGroups(context.messages ?? []).map((g) => g.endIndex));
  if (!ends.has(subject)) return "";
  const roomy: BoundaryOptions = { ...options, targetUnits: MAX_TARGET };
  const want = withoutUpstream(() => modelBoundary(context, roomy));
  if (want === null) return "";
  const answer = await probe.boundaryOf(context, roomy);
  return typeof answer === "number" && answer > want && ends.has(answer) ? NOT_EARLIEST : "";
}

export const NOT_EARLIEST = "not the earliest";

/** targetUnits at the largest §6 allows. */
const MAX_TARGET = 1_000_000;
