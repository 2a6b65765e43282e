import { acceptedOutcomes, type Expected } from "../../scenario/expected";
import type { Observation } from "../../scenario/observation";
import type { Scenario } from "../../scenario/scenario";
import { CODE } from "../../model/limits";
import { modelSummaryUnits } from "../../model/index";
import { withoutUpstream } from "../../model/upstream";
import { contractOf } from "./accepts";
import { at } from "./departure";
import type { UpstreamProbe } from "./probe";

// A size check of §7 steps 6 and 7 (the new summary within summaryMaxUnits, the new context
// within targetUnits) answered otherwise departs one way or the other: a subject that measures
// the summary otherwise (another id, another base) refuses where the contract's count has room
// and lets through where it has none, depending on the scenario; one mistake, shown both ways.
// What tells a mistake of the comparison itself (a limit taken as exclusive, a count one too
// high) is the edge: a refusal that one unit more of room in both checks takes away; such a
// refusal keeps the name of its departure, and every other departure of the check is one
// mistake of measure. Asked as Hypothesis's explain phase does, with that one part changed:
// summaryMaxUnits and targetUnits each one higher (every cut's slack stays, so the boundary
// stays), maxUnits raised only where targetUnits would pass it (so the fast path stays untaken).
// A refusal at the edge that the same summary in ASCII (as many code points) does not get is a
// measure too (the characters counted otherwise), not the comparison.

/** "measured otherwise" (let through where the contract refuses, or refused also with one unit more of room), or null: refused at the edge (the comparison's own mistake, named by its departure), or the question cannot be asked. */
export async function sizeMeasuredOtherwise(scenario: Scenario, observation: Observation, contract: Expected, probe: UpstreamProbe | null): Promise<string | null> {
  const op = scenario.operation;
  if (probe === null || op.kind !== "compact") return null;
  const refused = refusedAsInsufficient(observation);
  const contractRefuses = acceptedOutcomes(contract).some((e) => e.kind === "throws" && e.codes.includes(CODE.summaryInsufficient));
  if (refused === contractRefuses) return null;
  if (!refused) return "measured otherwise";
  const options = op.options;
  if (options === null || typeof options !== "object" || Array.isArray(options)) return null;
  const { targetUnits, summaryMaxUnits, maxUnits } = options;
  if (typeof targetUnits !== "number" || typeof summaryMaxUnits !== "number" || typeof maxUnits !== "number") return null;
  // Refused where the contract's own count has room in both checks (neither at its edge): no
  // comparison at the edge refuses there. (Shrinking drives a counterexample to the subject's
  // edge, so one more unit of room tells nothing where the contract's edge is further.)
  if (roomInBoth(op, contract, summaryMaxUnits, targetUnits)) return "measured otherwise";
  const roomier: Scenario = { ...scenario, operation: { ...op, options: { ...options, targetUnits: targetUnits + 1, summaryMaxUnits: summaryMaxUnits + 1, maxUnits: Math.max(maxUnits, targetUnits + 1) } } };
  // The contract answers the roomier compaction as it answers this one (the same cut, or the same codes).
  const want = contractOf(roomier);
  if (want !== null && shape(want) === shape(contract)) {
    const answer = await probe.observe(roomier);
    if (answer !== undefined && refusedAsInsufficient(answer)) return "measured otherwise";
  }
  // At the edge (or where one more unit cannot be asked), but answered right once the summary's
  // text and id are ASCII of as many code points (the contract's count is the same): the refusal
  // turns on the characters, a measure.
  const text = (op.summarizer as { readonly text?: unknown }).text;
  const summaryId = options.summaryId;
  if (op.summarizer.kind !== "text" || typeof text !== "string" || typeof summaryId !== "string") return null;
  const ascii = (s: string) => "x".repeat([...s].length);
  if (ascii(text) === text && ascii(summaryId) === summaryId) return null;
  const plain: Scenario = { ...scenario, operation: { ...op, summarizer: { ...op.summarizer, text: ascii(text) } as never, options: { ...options, summaryId: ascii(summaryId) } } };
  const plainWant = contractOf(plain);
  if (plainWant === null || shape(plainWant) !== shape(contract)) return null;
  const plainAnswer = await probe.observe(plain);
  return plainAnswer !== undefined && plainAnswer.outcome.kind === "returned" ? "measured otherwise" : null;
}

/**
 * Whether the contract compacts with room in both size checks: its new summary (5 + u(summaryId)
 * + u(text)) below summaryMaxUnits and its new context (the record's unitsAfter) below targetUnits.
 */
function roomInBoth(op: Extract<Scenario["operation"], { kind: "compact" }>, contract: Expected, summaryMaxUnits: number, targetUnits: number): boolean {
  const text = (op.summarizer as { readonly text?: unknown }).text;
  const summaryId = (op.options as { readonly summaryId?: unknown }).summaryId;
  if (op.summarizer.kind !== "text" || typeof text !== "string" || typeof summaryId !== "string") return false;
  const summary = withoutUpstream(() => modelSummaryUnits({ id: summaryId, content: text }));
  const outcomes = acceptedOutcomes(contract);
  return (
    summary < summaryMaxUnits &&
    outcomes.length > 0 &&
    outcomes.every((e) => {
      const after = e.kind === "returns" ? at(e.value, "record.unitsAfter") : undefined;
      return typeof after === "number" && after < targetUnits;
    })
  );
}

/** An expected answer's outcomes in short: the cut it returns, or the codes it throws. */
function shape(e: Expected): string {
  return acceptedOutcomes(e).map((x) => (x.kind === "returns" ? `returns ${String(at(x.value, "record.boundary"))}` : `throws ${x.codes.join("|")}`)).join(", ");
}

function refusedAsInsufficient(observation: Observation): boolean {
  const outcome = observation.outcome;
  return outcome.kind === "threw" && outcome.error.isContextCompactionError && outcome.error.code === CODE.summaryInsufficient;
}
