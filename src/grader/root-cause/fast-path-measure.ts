import { isRecord } from "../../../properties/_internals/json";
import type { Json } from "../../scenario/data";
import type { Scenario } from "../../scenario/scenario";
import { contractOf } from "./accepts";
import type { UpstreamProbe } from "./probe";
import { contractUnits } from "./refine-units";

// The explain phase of a fast path answered otherwise (§7 step 2): taken where the contract goes
// on, or missed where it takes it, are two faces of one decision, `units(context) <= maxUnits`.
// The same compaction is asked again with maxUnits at the context's units, and one below and one
// above, the summarizer a plain text: where the subject's decision departs there too, the context
// is measured otherwise by its fast path (whichever way one case showed it), or compared at the
// edge the other way round; where it does not, the face is the case's own (null). An edge that
// moves once targetUnits and summaryMaxUnits (which step 2 never reads) are at their largest is
// a measure, not the comparison.

export type FastPathMeasure = "measured otherwise" | "at equality";

export async function fastPathMeasure(scenario: Scenario, probe: UpstreamProbe | null): Promise<FastPathMeasure | null> {
  const op = scenario.operation;
  if (op.kind !== "compact" || probe === null || !isRecord(op.options) || !isRecord(op.context)) return null;
  const decision = await decisionAt(scenario, probe);
  if (decision !== "at equality") return decision;
  // The edge found where the subject's measure happens to be one more than the context's: asked
  // again with one more message, an edge that moves with the context is the comparison's.
  const messages = Array.isArray(op.context.messages) ? op.context.messages : [];
  const longer: Scenario = { ...scenario, operation: { ...op, context: { ...op.context, messages: [...messages, { id: "fast-path-edge", role: "user", content: "one more message" }] } } };
  return (await decisionAt(longer, probe)) === "at equality" ? "at equality" : "measured otherwise";
}

/** How the subject decides the fast path on the scenario's context, with maxUnits at its units, one below and one above; null where it decides as the contract does. */
async function decisionAt(scenario: Scenario, probe: UpstreamProbe): Promise<FastPathMeasure | null> {
  const op = scenario.operation;
  if (op.kind !== "compact") return null;
  const units = contractUnits(op.context);
  if (units === null || units >= 1_000_000) return null;
  // `widest`: targetUnits and summaryMaxUnits at their largest (maxUnits), which step 2 never reads.
  const takes = async (maxUnits: number, widest = false): Promise<{ readonly subject: boolean; readonly contract: boolean } | null> => {
    const options = op.options as { readonly [k: string]: Json };
    const target = widest ? maxUnits : typeof options.targetUnits === "number" ? Math.min(options.targetUnits, maxUnits) : options.targetUnits;
    const summaryMax = widest ? maxUnits : typeof options.summaryMaxUnits === "number" && typeof target === "number" ? Math.min(options.summaryMaxUnits, target) : options.summaryMaxUnits;
    const variant: Scenario = { ...scenario, operation: { ...op, options: { ...options, maxUnits, targetUnits: target ?? null, summaryMaxUnits: summaryMax ?? null }, summarizer: { kind: "text", text: "s", delivery: "sync" } as never, signal: "none", abort: "none" } };
    const contract = contractOf(variant);
    const answer = await probe.observe(variant);
    if (contract === null || answer === undefined) return null;
    return { subject: answer.outcome.kind === "returned" && isUnchanged(answer.outcome.value), contract: contract.kind === "returns" && isUnchanged(contract.value) };
  };
  const at = await takes(Math.max(units, 1));
  const below = units >= 2 ? await takes(units - 1) : null;
  if (at === null || !at.contract || (below !== null && below.contract)) return null;
  if (at.subject && (below === null || !below.subject)) return null;
  // Taken one above, but missed there too once the budgets step 2 never reads are at their
  // largest: the subject's measure counts them (a reserve), not the comparison at the edge.
  if (!at.subject && (below === null || !below.subject) && (await takes(units + 1))?.subject === true && (await takes(units + 1, true))?.subject !== false) return "at equality";
  return "measured otherwise";
}

/** Whether a compaction's value is the unchanged result (the fast path taken). */
export function isUnchanged(value: Json | undefined): boolean {
  return isRecord(value) && value.status === "unchanged";
}
