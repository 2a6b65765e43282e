import type { Observation } from "../../scenario/observation";
import type { Scenario } from "../../scenario/scenario";
import type { Expected } from "../../scenario/expected";
import { acceptedOutcomes } from "../../scenario/expected";
import type { UpstreamProbe } from "./probe";
import { contractUnits } from "./refine-units";
import { refusal } from "./refine";
import type { Json } from "../../scenario/data";
import type { Signature } from "./signature-type";

// Checks made in another order than §7's, each one mistake whichever later step shows it.
//
// Options checked only once compaction is needed (after §7 step 2's fast path). The contract
// checks the options, the summarizer and the signal at step 1, before the fast path; a subject
// that checks them later lets bad options through on a context that fits, whichever way they
// are bad (a signal that is no AbortSignal or an accessor, a summarizer that is no function, a
// blank id). Its departures, found on contexts that take the fast path, are one mistake, not one
// per check: told by asking the same call on a context that needs compaction, which the subject
// then refuses as the contract does.

/** A context of one user message of `length` code points: it needs compaction under budgets below that. */
const needsCompaction = (length: number) => ({ requirements: [], summary: null, messages: [{ id: "late-1", role: "user", content: "x".repeat(length) }], compactions: [] });

/** The budgets brought down to at most 1000 units each, in their order (maxUnits ≥ targetUnits ≥ summaryMaxUnits). */
function capped(options: { readonly [key: string]: Json }): { readonly [key: string]: Json } {
  const cap = (v: Json | undefined, limit: number) => (typeof v === "number" && v > limit ? limit : v);
  const maxUnits = cap(options.maxUnits, 1000) as number;
  const targetUnits = cap(options.targetUnits, maxUnits);
  return { ...options, maxUnits, ...(targetUnits === undefined ? {} : { targetUnits }), ...(options.summaryMaxUnits === undefined ? {} : { summaryMaxUnits: cap(options.summaryMaxUnits, typeof targetUnits === "number" ? targetUnits : maxUnits)! }) };
}

/** Whether a failure is about the signal alone: a signal slot the contract refuses, or decorations on options.signal only. */
function aboutTheSignal(scenario: Scenario): boolean {
  const op = scenario.operation;
  if (op.kind !== "compact") return false;
  const decorations = scenario.decorations ?? [];
  const onSignal = decorations.length > 0 && decorations.every((d) => d.target === "options" && d.path.length >= 1 && d.path[0] === "signal");
  return onSignal || (decorations.length === 0 && (op.signal === "fakeSignal" || typeof op.signal === "object"));
}

/** The key of every check of the options made after the fast path: one mistake. */
export const LATE_KEY = "options checked only after the fast path";

/**
 * The signature of options checked only after the fast path when `scenario` shows it (`found`:
 * the failure's signature otherwise, of the options or their reading): the subject took the fast
 * path where the contract refuses the options with CONTEXT_INVALID_INPUT, and refuses the same
 * call, with that code, on a context that needs compaction. Null otherwise.
 */
export async function checkedLate(scenario: Scenario, observation: Observation, expected: Expected, found: Signature, probe: UpstreamProbe | null): Promise<Signature | null> {
  const op = scenario.operation;
  if (probe === null || op.kind !== "compact" || !(found.rule.startsWith("options.") || found.rule === "read.options")) return null;
  if ((scenario.decorations ?? []).some((d) => d.target === "input")) return null;
  const refuses = acceptedOutcomes(expected).every((e) => e.kind === "throws" && e.codes.includes("CONTEXT_INVALID_INPUT"));
  const outcome = observation.outcome;
  const unchanged = outcome.kind === "returned" && outcome.value !== null && typeof outcome.value === "object" && !Array.isArray(outcome.value) && outcome.value.status === "unchanged";
  if (!refuses || !unchanged) return null;
  const options = op.options;
  if (options === null || typeof options !== "object" || Array.isArray(options) || typeof options.maxUnits !== "number" || !Number.isSafeInteger(options.maxUnits)) return null;
  // Options whose data the contract accepts (the slots or the reading are what it refuses), and
  // budgets brought under a context that needs compaction, which the contract accepts as well.
  const later = capped(options);
  const plain = (o: Json) => refusal({ operation: "compact", options: o, summarizerSlot: "script", signal: "none" });
  if (plain(options).length > 0 || plain(later).length > 0) return null;
  const big = needsCompaction((later.maxUnits as number) + 1);
  const control = await probe.observe({ operation: { ...op, context: big, options: later, summarizerSlot: "script", signal: "none", abort: "none" } });
  const refused = (o: Observation | undefined) => (o?.outcome.kind === "threw" ? o.outcome.error.code : undefined) === "CONTEXT_INVALID_INPUT";
  if (control === undefined || refused(control)) return null;
  if (!refused(await probe.observe({ ...scenario, operation: { ...op, context: big, options: later } }))) return null;
  return {
    key: LATE_KEY,
    rule: aboutTheSignal(scenario) ? "options.signal" : found.rule,
    question: found.question,
    subject: `${found.subject} (the same options are refused on a context that needs compaction)`,
    contract: `${found.contract} (the options are checked at step 1, before the fast path)`,
  };
}

/**
 * The boundary looked for before §7 step 2 and step 3's check of the signal: a context with no
 * boundary is refused with CONTEXT_BOUNDARY_UNAVAILABLE where the contract takes the fast path,
 * or cancels, and the subject refuses it so even with a maxUnits it plainly fits (and no
 * signal). One mistake of order, whichever earlier step the contract answers at. True when
 * `scenario`'s answer shows it.
 */
export async function boundaryFirst(scenario: Scenario, observation: Observation, probe: UpstreamProbe | null): Promise<boolean> {
  const op = scenario.operation;
  const outcome = observation.outcome;
  if (probe === null || op.kind !== "compact" || (scenario.decorations ?? []).length > 0) return false;
  if (outcome.kind !== "threw" || outcome.error.code !== "CONTEXT_BOUNDARY_UNAVAILABLE") return false;
  const options = op.options;
  const units = contractUnits(op.context);
  if (units === null || options === null || typeof options !== "object" || Array.isArray(options)) return false;
  const fits = await probe.observe({ operation: { ...op, options: { ...options, maxUnits: units + 1000 }, signal: "none", abort: "none" } });
  return fits?.outcome.kind === "threw" && fits.outcome.error.code === "CONTEXT_BOUNDARY_UNAVAILABLE";
}
