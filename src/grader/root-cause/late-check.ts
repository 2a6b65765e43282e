import type { Observation } from "../../scenario/observation";
import type { Scenario } from "../../scenario/scenario";
import type { Expected } from "../../scenario/expected";
import { acceptedOutcomes } from "../../scenario/expected";
import type { UpstreamProbe } from "./probe";
import { contractUnits } from "./refine-units";
import { refusal } from "./refine";
import { CODE, LIMIT } from "../../model/limits";
import type { ContextData, Json } from "../../scenario/data";
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

/**
 * A context of user messages whose units exceed `maxUnits` (each message at most 65,536 code
 * points), or null when the contract's limits leave no such context.
 */
export function contextAbove(maxUnits: number): ContextData | null {
  if (!Number.isSafeInteger(maxUnits) || maxUnits < 0 || maxUnits > 900_000) return null;
  const messages: { id: string; role: "user"; content: string }[] = [];
  for (let left = maxUnits + 1; left > 0; left -= LIMIT.stringUnits) messages.push({ id: `late-${messages.length + 1}`, role: "user", content: "x".repeat(Math.min(left, LIMIT.stringUnits)) });
  return { requirements: [], summary: null, messages, compactions: [] };
}

/** The budget a context must exceed to need compaction under `options`: their maxUnits (rounded up), or 1000 where it is no number. */
const maxUnitsOf = (options: { readonly [key: string]: Json }): number => (typeof options.maxUnits === "number" ? Math.max(0, Math.ceil(options.maxUnits)) : 1000);

/** Valid options of compactContext under which every context needs compaction (a control). */
const PLAIN = { targetUnits: 1, summaryMaxUnits: 1, retainRecentMessages: 0, maxUnits: 1, summaryId: "late-s", recordId: "late-r" };

const refusedWith = (o: Observation | undefined, codes: readonly string[]) => o?.outcome.kind === "threw" && codes.includes(o.outcome.error.code as string);

/**
 * Whether the subject refuses `scenario`'s call with one of `codes` once it is moved onto a context
 * that needs compaction under its options, where it refuses no plain options there with them
 * (null: no such context exists within the contract's limits, so no later check can show).
 */
export async function refusedOnceNeeded(scenario: Scenario, options: { readonly [key: string]: Json }, codes: readonly string[], probe: UpstreamProbe): Promise<boolean | null> {
  const op = scenario.operation;
  if (op.kind !== "compact") return false;
  const big = contextAbove(maxUnitsOf(options));
  if (big === null) return null;
  // A plain text summary: refused options call no summarizer, and options let through meet none that hangs.
  const summarizer = { kind: "text", text: "x", delivery: "sync" } as const;
  const control = await probe.observe({ operation: { ...op, context: big, options: PLAIN, summarizer, summarizerSlot: "script", signal: "none", abort: "none" } });
  if (control === undefined || refusedWith(control, codes)) return false;
  return refusedWith(await probe.observe({ ...scenario, operation: { ...op, context: big, options, summarizer, abort: "none" } }), codes);
}

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
  return onSignal || (decorations.length === 0 && (op.signal === "fakeSignal" || op.signal === "abortController" || op.signal === "signalPrototype" || typeof op.signal === "object"));
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
  const accepted = acceptedOutcomes(expected);
  const codes = accepted.every((e) => e.kind === "throws") ? accepted.flatMap((e) => (e.kind === "throws" ? e.codes : [])) : [];
  const outcome = observation.outcome;
  const unchanged = outcome.kind === "returned" && outcome.value !== null && typeof outcome.value === "object" && !Array.isArray(outcome.value) && outcome.value.status === "unchanged";
  if (codes.length === 0 || !unchanged) return null;
  const options = op.options;
  if (options === null || typeof options !== "object" || Array.isArray(options)) return null;
  const plain = (o: Json) => refusal({ operation: "compact", options: o, summarizerSlot: "script", signal: "none" });
  if (plain(options).length > 0) {
    // Options whose data the contract refuses (a budget, an id): the same options where
    // compaction is needed, or their budgets brought down where they are refused so too. Where
    // no context can need compaction under them (maxUnits above the contract's limit), no later
    // check can show: the failure fits the mistake of order as well as a missing check, and is
    // put under it when another failure shows it (./analyze).
    const later = capped(options);
    const shown = (await refusedOnceNeeded(scenario, options, codes, probe)) ?? (plain(later).length > 0 ? await refusedOnceNeeded(scenario, later, codes, probe) : null);
    if (shown === null) return { ...found, orUnder: LATE_KEY };
    if (!shown) return null;
  } else {
    // Options whose data the contract accepts (the slots or the reading are what it refuses), and
    // budgets brought under a context that needs compaction, which the contract accepts as well.
    if (!codes.includes(CODE.invalidInput) || typeof options.maxUnits !== "number" || !Number.isSafeInteger(options.maxUnits)) return null;
    const later = capped(options);
    if (plain(later).length > 0 || (await refusedOnceNeeded(scenario, later, [CODE.invalidInput], probe)) !== true) return null;
  }
  return lateSignature(found, aboutTheSignal(scenario));
}

/** The signature of options checked only after the fast path, as `found` showed it. */
function lateSignature(found: Omit<Signature, "key">, aboutSignal: boolean): Signature {
  return {
    key: LATE_KEY,
    rule: aboutSignal ? "options.signal" : "step2.fastPath",
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
