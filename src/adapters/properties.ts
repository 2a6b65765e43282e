import type { AnyAdapter, PropertyId } from "./adapter";
import type { AuditCase, Outcome } from "./execute";
import { execute, outcomeKey } from "./execute";
import { label } from "./notation";

// The universal properties: what any compactor that drops or summarizes messages must keep,
// whatever its message shape. Each returns the first violation, or null.

export type PropertyContext = { adapter: AnyAdapter; case: AuditCase; outcome: Outcome };
export type UniversalProperty = { id: PropertyId; title: string; check(ctx: PropertyContext): string | null | Promise<string | null> };

function wellFormed({ outcome }: PropertyContext): string | null {
  if (outcome.kind === "threw") return `the call threw ${outcome.error}`;
  if (outcome.kind === "refused") return null;
  const bad = outcome.output.findIndex((m) => m.role === "invalid");
  return bad < 0 ? null : `output entry ${bad} is not a message (${(outcome.output[bad] as { what: string }).what})`;
}

function keptInOrder({ adapter, case: c, outcome }: PropertyContext): string | null {
  if (outcome.kind !== "output") return null;
  const ids = c.transcript.map((m) => m.id);
  const out = outcome.output.filter((m) => m.role !== "invalid");
  let next = 0;
  for (const [i, m] of out.entries()) {
    if (m.role === "summary") {
      if (adapter.form === "subsequence") return `output ${i} is a summary; this compactor only keeps messages`;
      continue;
    }
    const at = ids.indexOf(m.id, next);
    if (at < 0) return `output ${i} (${label(m)} ${m.id}) is not in the input after the previous kept message: invented, repeated or reordered`;
    next = at + 1;
  }
  if (adapter.form === "subsequence") return null;
  // summary+suffix: leading input system messages, summaries, then a contiguous suffix of the input.
  let i = 0;
  while (i < out.length && out[i]!.role === "system" && out[i]!.id === ids[i]) i += 1;
  const lead = i;
  while (i < out.length && out[i]!.role === "summary") i += 1;
  const rest = out.slice(i);
  if (rest.some((m) => m.role === "summary")) return "a summary follows a kept message";
  const suffix = ids.slice(ids.length - rest.length);
  if (i === lead) return rest.length + lead === ids.length ? null : "messages dropped without a summary";
  return rest.every((m, k) => m.id === suffix[k]) ? null : `the kept messages after the summary are not a suffix of the input`;
}

/** JSON with object keys sorted, so two messages compare by content whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === "object" && v !== null && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

function keptUnchanged({ adapter, case: c, outcome }: PropertyContext): string | null {
  if (outcome.kind !== "output") return null;
  const byId = new Map(c.transcript.map((m) => [m.id, m]));
  const partial = adapter.partial?.(c.options);
  for (const [i, m] of outcome.output.entries()) {
    const original = m.role === "summary" || m.role === "invalid" ? undefined : byId.get(m.id);
    if (original === undefined || canonical(original) === canonical(m)) continue;
    if (partial !== undefined && "text" in m && canonical({ ...original, text: m.text }) === canonical(m) && isPart(m.text, original.text, partial)) continue;
    const allowed = partial === undefined ? "" : ` (a partial message may keep only a ${partial} of its text)`;
    return `output ${i} (${label(m)} ${m.id}) differs from the input message${allowed}: ${canonical(m)} vs ${canonical(original)}`;
  }
  return null;
}

const isPart = (part: string, whole: string, which: "prefix" | "suffix") => (which === "prefix" ? whole.startsWith(part) : whole.endsWith(part));

function resultHasCall({ outcome }: PropertyContext): string | null {
  if (outcome.kind !== "output") return null;
  const seen = new Set<string>();
  for (const [i, m] of outcome.output.entries()) {
    if (m.role === "assistant") for (const call of m.calls) seen.add(call.id);
    if (m.role === "tool" && !seen.has(m.callId)) return `output ${i} T(${m.callId}) answers call ${m.callId}, which is not kept before it`;
  }
  return null;
}

function callHasResults({ outcome }: PropertyContext): string | null {
  if (outcome.kind !== "output") return null;
  const answered = new Set(outcome.output.flatMap((m) => (m.role === "tool" ? [m.callId] : [])));
  for (const [i, m] of outcome.output.entries()) {
    if (m.role !== "assistant") continue;
    const missing = m.calls.find((call) => !answered.has(call.id));
    if (missing !== undefined) return `output ${i} ${label(m)} keeps call ${missing.id} without its result T(${missing.id})`;
  }
  return null;
}

function notMutated({ outcome }: PropertyContext): string | null {
  return outcome.mutated ? "the library changed the caller's input messages" : null;
}

async function deterministic({ adapter, case: c, outcome }: PropertyContext): Promise<string | null> {
  const again = await execute(adapter, c);
  return outcomeKey(again) === outcomeKey(outcome) ? null : `a second run on the same input gave ${outcomeKey(again).slice(0, 200)}`;
}

async function budgetRespected({ adapter, case: c, outcome }: PropertyContext): Promise<string | null> {
  if (outcome.kind !== "output" || adapter.budget === undefined) return null;
  const reading = await adapter.budget(outcome.raw, outcome.input, c.options);
  if (reading === undefined) return null;
  if (reading.negative !== undefined) return `the library's counter gives a negative count: ${reading.negative}`;
  return reading.used <= reading.limit ? null : `the output costs ${reading.used} by the library's own count, over its limit of ${reading.limit}`;
}

export const UNIVERSAL_PROPERTIES: readonly UniversalProperty[] = [
  { id: "output.well-formed", title: "returns a list of messages (no crash, no non-message entry)", check: wellFormed },
  { id: "output.kept-in-order", title: "keeps input messages in order, nothing invented or repeated (or summary + suffix)", check: keptInOrder },
  { id: "output.kept-unchanged", title: "a kept message is the input message, unchanged (or, where documented, a prefix or suffix of its text)", check: keptUnchanged },
  { id: "pairing.result-has-call", title: "every kept tool result has its call kept before it", check: resultHasCall },
  { id: "pairing.call-has-results", title: "every kept tool call has its results kept", check: callHasResults },
  { id: "input.not-mutated", title: "the caller's messages are not changed", check: notMutated },
  { id: "output.deterministic", title: "the same input gives the same output", check: deterministic },
  { id: "budget.respected", title: "the output fits the documented budget, by the library's own counter", check: budgetRespected },
];
