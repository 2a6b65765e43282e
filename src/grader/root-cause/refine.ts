import { modelBoundaryOptions, modelCodePoints, modelCompactOptions } from "../../model/index";
import { withoutUpstream, type OptionsAnswer, type OptionsQuestion } from "../../model/upstream";
import type { Json } from "../../scenario/data";
import { isControllerSlot, type SignalSlot, type SummarizerSlot } from "../../scenario/scenario";
import { signalWords } from "../report/glossary";
import type { Difference } from "./differences";
import type { UpstreamProbe } from "./probe";
import type { RuleId } from "./rules";
import { ceilingsPassed } from "./ceilings";
import { CODE, LIMIT } from "../../model/limits";

// Which rule of a layer an upstream answer breaks (./signature): the row of §4 for units, how
// groups differ (§5), which options fields the contract objects to (§6, §7), which rule of §2
// and §3 a build answer breaks.

export interface Refined {
  readonly key: string;
  readonly rule: RuleId;
  readonly question: string;
  readonly subject: string;
  readonly contract: string;
}

const of = (d: Difference, rule: RuleId, key: string): Refined => ({ key: `${rule} ${key}`.trim(), rule, question: d.question, subject: d.subject, contract: d.contract });

/** How the groups differ (§5): a group labelled otherwise, a round ending early or late, groups split or merged. */
export function refineGroups(d: Difference): Refined {
  const about = d.about;
  if (about?.kind !== "groups") return of(d, "groups.rounds", "");
  const same = (a: { startIndex: number; endIndex: number }, b: { startIndex: number; endIndex: number }) => a.startIndex === b.startIndex && a.endIndex === b.endIndex;
  for (const want of about.contract) {
    const got = about.subject.find((g) => g.startIndex === want.startIndex);
    if (got === undefined) return of(d, "groups.rounds", "a group starts elsewhere");
    if (same(got, want)) {
      if (got.kind !== want.kind) return of(d, "groups.rounds", got.kind !== "message" && got.kind !== "toolRound" ? "a group labelled neither message nor toolRound" : want.kind === "message" ? "a message labelled toolRound" : "a round labelled message");
      continue;
    }
    if (want.kind === "toolRound") return of(d, "groups.rounds", got.endIndex < want.endIndex ? "a round ends early" : "a round ends late");
    return of(d, "groups.rounds", "a message group merged");
  }
  return of(d, "groups.rounds", "extra groups");
}

/** One check of the options (§6, §7): its rule, and how far the options are from breaking it (negative: broken). */
interface Check {
  readonly name: string;
  readonly rule: RuleId;
  readonly slack: (o: { readonly [k: string]: Json }) => number | null;
  /** Checks one mistake breaks together (the same test of several fields, as one helper makes it): named as one in the key. */
  readonly group?: string;
}

/** A check as the key names it. */
const named = (c: Check): string => c.group ?? c.name;

const int = (o: { readonly [k: string]: Json }, k: string): number | null => (typeof o[k] === "number" && Number.isSafeInteger(o[k]) ? (o[k] as number) : null);
const diff = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b);
const typed = (name: string, rule: RuleId, ok: (v: Json | undefined) => boolean, group?: string): Check => ({ name, rule, slack: (o) => (ok(o[name]) ? null : -1), ...(group === undefined ? {} : { group }) });
const isInt = (v: Json | undefined) => typeof v === "number" && Number.isSafeInteger(v);
const isId = (v: Json | undefined) => typeof v === "string" && v.trim().length > 0;

const CHECKS: readonly Check[] = [
  typed("targetUnits", "options.budgets", isInt),
  typed("summaryMaxUnits", "options.budgets", isInt),
  typed("retainRecentMessages", "options.budgets", isInt),
  { name: "targetUnits >= 1", rule: "options.budgets", slack: (o) => diff(int(o, "targetUnits"), 1) },
  { name: "targetUnits <= 1,000,000", rule: "options.budgets", slack: (o) => diff(1_000_000, int(o, "targetUnits")) },
  { name: "summaryMaxUnits >= 1", rule: "options.budgets", slack: (o) => diff(int(o, "summaryMaxUnits"), 1) },
  { name: "summaryMaxUnits <= targetUnits", rule: "options.budgets", slack: (o) => diff(int(o, "targetUnits"), int(o, "summaryMaxUnits")) },
  { name: "retainRecentMessages >= 0", rule: "options.budgets", slack: (o) => diff(int(o, "retainRecentMessages"), 0) },
  { name: "retainRecentMessages <= 4096", rule: "options.budgets", slack: (o) => diff(4096, int(o, "retainRecentMessages")) },
];

const COMPACT_CHECKS: readonly Check[] = [
  typed("maxUnits", "options.maxUnits", isInt),
  { name: "maxUnits >= 1", rule: "options.maxUnits", slack: (o) => diff(int(o, "maxUnits"), 1) },
  { name: "maxUnits <= 1,000,000", rule: "options.maxUnits", slack: (o) => diff(1_000_000, int(o, "maxUnits")) },
  { name: "targetUnits <= maxUnits", rule: "options.maxUnits", slack: (o) => diff(int(o, "maxUnits"), int(o, "targetUnits")) },
  typed("summaryId", "options.ids", isId, "summaryId or recordId"),
  typed("recordId", "options.ids", isId, "summaryId or recordId"),
  // At most 65536 code points (longer → CONTEXT_LIMIT_EXCEEDED, before the summarizer).
  { name: "summaryId within 65536 code points", rule: "options.ids", slack: (o) => idSlack(o.summaryId), group: "summaryId or recordId within 65536 code points" },
  { name: "recordId within 65536 code points", rule: "options.ids", slack: (o) => idSlack(o.recordId), group: "summaryId or recordId within 65536 code points" },
];

/** How far an id is from §7's 65536 code points (null: not a string). */
function idSlack(v: Json | undefined): number | null {
  return typeof v === "string" ? LIMIT.stringUnits - withoutUpstream(() => modelCodePoints(v)) : null;
}

const bump = (o: { readonly [k: string]: Json }, field: string, by: number): { [k: string]: Json } => ({ ...o, [field]: (int(o, field) ?? 0) + by });
const NUMERIC = ["targetUnits", "summaryMaxUnits", "retainRecentMessages", "maxUnits"];

/** Options with some of their integer fields one step away (all up, or all down), to move off an edge. */
function neighbours(o: { readonly [k: string]: Json }): { [k: string]: Json }[] {
  const fields = NUMERIC.filter((f) => int(o, f) !== null);
  const out: { [k: string]: Json }[] = [];
  for (let mask = 1; mask < 1 << fields.length; mask++) {
    for (const by of [1, -1]) out.push(fields.reduce((acc, f, i) => ((mask >> i) & 1 ? bump(acc, f, by) : acc), { ...o } as { [k: string]: Json }));
  }
  return out;
}

/** What the options refinement says: the rule, its detail in the key's words, and the key when it is not `rule detail`. */
export interface OptionsRefined {
  readonly rule: RuleId;
  readonly detail: string;
  readonly key?: string;
}

/** The signature key of an options refinement. */
export function optionsKey(refined: OptionsRefined): string {
  return refined.key ?? `${refined.rule} ${refined.detail}`;
}

/** The contract's codes for refused options ([] when it accepts them). */
export const refusal = (q: OptionsQuestion): readonly string[] => {
  const check = withoutUpstream(() => (q.operation === "boundary" ? modelBoundaryOptions(q.options) : modelCompactOptions(q.options, q.summarizerSlot as SummarizerSlot, q.signal as SignalSlot)));
  return check.ok ? [] : check.codes;
};

const accepts = (q: OptionsQuestion) => refusal(q).length === 0;

/** Whether the subject's answer to options departs from the contract's (another acceptance, or a code the contract does not give). */
export function optionsDepart(question: OptionsQuestion, subject: OptionsAnswer): boolean {
  const codes = refusal(question);
  return subject.ok ? codes.length > 0 : codes.length === 0 || !codes.includes(subject.code);
}

/**
 * The rule of the options checks at stake: when the contract refuses them and the submission
 * accepts, the first check they break; otherwise the checks they meet exactly (at their edge),
 * where an answer otherwise is an off-by-one. Several edges at once are told apart by asking the
 * submission options one step off (which the contract accepts): its objection is an edge every
 * accepted step moves off and no refused step does. The key names those checks and the
 * subject's answer, so that two counterexamples of one mistake meet the same checks.
 */
export async function optionsRefined(operation: "boundary" | "compact", options: Json, summarizerSlot: Json | undefined, signal: Json | undefined, subject: { readonly ok: true } | { readonly ok: false; readonly code: string }, probe: UpstreamProbe | null): Promise<OptionsRefined> {
  const answer = subject.ok ? "accepted" : `refused with ${subject.code}`;
  if (options === null || typeof options !== "object" || Array.isArray(options)) return { rule: "options.shape", detail: `options that are not a plain object ${answer}` };
  const checks = operation === "compact" ? [...CHECKS, ...COMPACT_CHECKS] : CHECKS;
  const question = (o: Json): OptionsQuestion => ({ operation, options: o, ...(summarizerSlot === undefined ? {} : { summarizerSlot }), ...(signal === undefined ? {} : { signal }) });
  const contractOk = accepts(question(options));
  const contractCodes = refusal(question(options));
  const missing = checks.filter((c) => !c.name.includes(" ") && !(c.name in options));
  if (missing.length > 0) {
    // Unless the missing fields given valid values leave options the contract accepts and the
    // subject still refuses with the same code: its objection is to the rest (a check of its own
    // made before the fields are read), told on those options.
    if (probe !== null && !subject.ok) {
      const mended = filled(options as { readonly [k: string]: Json }, missing.map((c) => c.name));
      const again = accepts(question(mended)) ? await probe.optionsOf(question(mended)) : undefined;
      if (again !== undefined && !again.ok && again.code === subject.code) return optionsRefined(operation, mended, summarizerSlot, signal, again, probe);
    }
    return { rule: missing[0]!.rule, detail: `a missing field ${answer}` };
  }
  const broken = checks.filter((c) => (c.slack(options) ?? 0) < 0);
  // Both refuse, with another code (no edge answered otherwise gives a code the contract does not
  // also give there): the mistake is the code, whichever field breaks its check — one key for
  // every field, as a shared check of the integer fields makes it.
  if (!subject.ok && broken.length > 0 && contractCodes.length > 0 && !contractCodes.includes(subject.code)) {
    // Unless the ids mended (the only checks broken) leave options the contract accepts and the
    // subject still refuses with that code: its objection is to the budgets, told on those options.
    // So too for budgets mended (far from every edge) that leave a refusal with a code no budget
    // check gives (CONTEXT_INVALID_INPUT, the summarizer's, the signal's, the ids'): its objection
    // is to one of those, told on those options.
    const budgetsOnly = subject.code === "CONTEXT_INVALID_INPUT" && broken.every((c) => c.rule === "options.budgets" || c.rule === "options.maxUnits");
    if (probe !== null && (broken.every((c) => c.rule === "options.ids") || budgetsOnly)) {
      const own = options as { readonly [k: string]: Json };
      const mended: { [k: string]: Json } = budgetsOnly ? { ...own, ...FAR } : { ...own, ...Object.fromEntries(broken.map((c) => [c.name, `${c.name}-mended`])) };
      const again = accepts(question(mended)) ? await probe.optionsOf(question(mended)) : undefined;
      if (again !== undefined && !again.ok && again.code === subject.code) return optionsRefined(operation, mended, summarizerSlot, signal, again, probe);
    }
    const detail = `refused with ${subject.code} instead of ${contractCodes.join("|")}`;
    return { rule: broken[0]!.rule, detail, key: `options.code ${detail}` };
  }
  // The contract refuses and the subject accepts: the first check broken (or the slots).
  if (!contractOk && subject.ok) {
    if (broken.length > 0) return brokenRefined(broken[0]!, "accepted");
    const what = summarizerSlot !== "script" && summarizerSlot !== undefined ? "options.summarizer" : "options.signal";
    return { rule: what, detail: `${what === "options.summarizer" ? "a summarizer that is not a function" : "a signal that is not genuine"} accepted` };
  }
  // The contract accepts, the subject refuses, and the same options with plain slots (a script,
  // no signal) are accepted by the subject: its objection is the slot (a signal undefined or
  // null, which the contract takes for none), whichever budgets come with it.
  if (contractOk && !subject.ok && operation === "compact" && probe !== null && signal !== undefined && signal !== "none") {
    const plain = await probe.optionsOf({ operation, options, summarizerSlot: "script", signal: "none" });
    // A genuine signal refused (whether or not a listener of the caller's mutes its event): one mistake.
    const genuine = isControllerSlot(signal as SignalSlot);
    if (plain?.ok === true) return { rule: "options.signal", detail: `${genuine ? "a genuine AbortSignal" : signalWords(signal)} refused with ${subject.code}` };
  }
  // The subject refuses with another code than every broken check's: its objection is elsewhere, at an edge.
  const edges = checks.filter((c) => c.slack(options) === 0);
  // Valid options refused, and one field alone moved to another value the contract accepts makes
  // the subject accept them, no edge of that field's being met: that field's range is the mistake
  // (a bound of the subject's own, as a maxUnits capped at 4096), whichever edges the others meet.
  if (contractOk && !subject.ok && probe !== null) {
    const essential = await essentialFields(options as { readonly [k: string]: Json }, operation, (o) => probe.optionsOf(question(o)), (o) => accepts(question(o)));
    const field = essential.length === 1 ? essential[0]! : null;
    // (At one of that field's edges, where one step inward is accepted: an off-by-one at that edge,
    // told below. The step moves the fields it bounds as far as they must to stay valid, so a
    // targetUnits one above a summaryMaxUnits equal to it is asked with a maxUnits that lets it.)
    const offByOne = async (f: string) => {
      if (!edges.some((c) => c.name.includes(f))) return false;
      for (const by of [1, -1]) {
        const step = moved(options as { readonly [k: string]: Json }, f, (int(options as { readonly [k: string]: Json }, f) ?? 0) + by);
        if (accepts(question(step)) && (await probe.optionsOf(question(step)))?.ok === true) return true;
      }
      return false;
    };
    if (field !== null && !(await offByOne(field))) return { rule: field === "maxUnits" ? "options.maxUnits" : "options.budgets", detail: `a valid ${field} ${answer}` };
  }
  if (!contractOk && broken.length > 0 && edges.length === 0) return brokenRefined(broken[0]!, answer);
  // Valid options refused at no edge of a check, or at edges no step off moves the refusal from
  // (no neighbour the contract accepts off them is accepted): an objection of the subject's own
  // (a relation of its fields the contract does not make), one mistake whichever edges each
  // counterexample happens to meet. Its rule: the budgets' when selectCompactionBoundary refuses
  // them too, else maxUnits' (a check only compactContext makes).
  const ownObjection = async (): Promise<OptionsRefined> => {
    const own = options as { readonly [k: string]: Json };
    // Refused with CONTEXT_INVALID_INPUT, a code no budget check gives: the ids' rule when plain
    // ids are accepted, else the summarizer's (a signal refused is told above).
    if (!subject.ok && subject.code === "CONTEXT_INVALID_INPUT" && operation === "compact") {
      const plainIds = { ...own, summaryId: "summaryId-mended", recordId: "recordId-mended" };
      const ids = probe !== null && accepts(question(plainIds)) && (await probe.optionsOf(question(plainIds)))?.ok === true;
      return ids ? { rule: "options.ids", detail: `valid ids ${answer}` } : { rule: "options.summarizer", detail: `a valid summarizer ${answer}` };
    }
    // (selectCompactionBoundary asked §6's three fields alone: no field it does not take.)
    const boundaryOptions = { targetUnits: own.targetUnits!, summaryMaxUnits: own.summaryMaxUnits!, retainRecentMessages: own.retainRecentMessages! };
    const budgets = operation === "boundary" || (probe !== null && (await probe.optionsOf({ operation: "boundary", options: boundaryOptions }))?.ok === false);
    return { rule: budgets ? "options.budgets" : "options.maxUnits", detail: answer };
  };
  if (contractOk && !subject.ok && probe !== null && (edges.length === 0 || !(await acceptedOffEdges(options as { readonly [k: string]: Json }, edges, question, probe)))) return ownObjection();
  if (edges.length === 0) return { rule: !contractOk && summarizerSlot !== undefined ? "options.signal" : operation === "compact" ? "options.maxUnits" : "options.budgets", detail: answer };
  // The contract refuses the slots (the signal, the summarizer) alone: asked with plain slots, the subject's objection stands alone.
  if (!contractOk && broken.length === 0 && operation === "compact" && accepts({ operation, options, summarizerSlot: "script", signal: "none" })) {
    return optionsRefined(operation, options, "script", "none", subject, probe);
  }
  let objected = edges;
  if (edges.length > 1 && probe !== null && !subject.ok) {
    const relaxedBy = (o: { readonly [k: string]: Json }) => edges.filter((c) => (c.slack(o) ?? 0) > 0);
    const moved: { readonly relaxed: readonly Check[]; readonly accepted: boolean }[] = [];
    for (const o of neighbours(options)) {
      if (!accepts(question(o))) continue;
      const relaxed = relaxedBy(o);
      if (relaxed.length === 0 || relaxed.length === edges.length) continue;
      const got = await probe.optionsOf(question(o));
      if (got !== undefined) moved.push({ relaxed, accepted: got.ok });
    }
    const candidates = edges.filter((c) => moved.filter((m) => m.accepted).every((m) => m.relaxed.includes(c)) && !moved.some((m) => !m.accepted && m.relaxed.includes(c)));
    if (moved.some((m) => m.accepted) && candidates.length > 0) objected = candidates;
  }
  const first = objected[0]!;
  // Valid options refused at an edge, which the same edge met by other options (the others
  // far from theirs) does not make the subject refuse, or one step off it not accept: no
  // off-by-one at that edge, an objection of the subject's own that met it here by chance.
  if (contractOk && !subject.ok && probe !== null && (await edgeHolds(first, options as { readonly [k: string]: Json }, operation, question, probe)) === false) return ownObjection();
  const names = objected.filter((c) => c.rule === first.rule).map((c) => c.name);
  return { rule: first.rule, detail: `at the edge ${names.join(", ")}, ${answer}` };
}

/** Options with `fields` (missing) given valid values, the others as they are. */
function filled(o: { readonly [k: string]: Json }, fields: readonly string[]): { [k: string]: Json } {
  const out: { [k: string]: Json } = { ...o };
  for (const f of ["summaryMaxUnits", "retainRecentMessages", "targetUnits", "maxUnits", "summaryId", "recordId"].filter((x) => fields.includes(x))) {
    if (f === "summaryMaxUnits") out[f] = 1;
    else if (f === "retainRecentMessages") out[f] = 0;
    else if (f === "targetUnits") out[f] = int(out, "maxUnits") ?? Math.max(int(out, "summaryMaxUnits") ?? 1, 1000);
    else if (f === "maxUnits") out[f] = Math.max(int(out, "targetUnits") ?? 1, 1000);
    else out[f] = `${f}-mended`;
  }
  return out;
}

/** Ordinary budgets far from every edge, that an edge is met from (`edgeHolds`). */
const FAR = { targetUnits: 1000, summaryMaxUnits: 100, retainRecentMessages: 2, maxUnits: 2000 };

/** Each numeric check's edge: the field moved onto it, to which value (from the far budgets), and the way one step inward. */
const EDGES: { readonly [check: string]: readonly [field: string, value: (o: { readonly [k: string]: Json }) => number, inward: 1 | -1] } = {
  "targetUnits >= 1": ["targetUnits", () => 1, 1],
  "targetUnits <= 1,000,000": ["targetUnits", () => 1_000_000, -1],
  "summaryMaxUnits >= 1": ["summaryMaxUnits", () => 1, 1],
  "summaryMaxUnits <= targetUnits": ["summaryMaxUnits", (o) => int(o, "targetUnits")!, -1],
  "retainRecentMessages >= 0": ["retainRecentMessages", () => 0, 1],
  "retainRecentMessages <= 4096": ["retainRecentMessages", () => 4096, -1],
  "maxUnits >= 1": ["maxUnits", () => 1, 1],
  "maxUnits <= 1,000,000": ["maxUnits", () => 1_000_000, -1],
  "targetUnits <= maxUnits": ["maxUnits", (o) => int(o, "targetUnits")!, 1],
};

/**
 * Whether the subject's refusal at `check`'s edge is an off-by-one there: options far from every
 * edge (the counterexample's other fields kept), moved onto that edge, refused, and one step
 * inward accepted. Null when it cannot be told (no numeric edge, or the contract refuses them).
 */
async function edgeHolds(check: Check, options: { readonly [k: string]: Json }, operation: "boundary" | "compact", question: (o: Json) => OptionsQuestion, probe: UpstreamProbe): Promise<boolean | null> {
  const edge = EDGES[check.name];
  if (edge === undefined) return null;
  const far: { [k: string]: Json } = { ...options, ...FAR };
  if (operation === "boundary") delete far.maxUnits;
  const [field, value, inward] = edge;
  const at = moved(far, field, value(far));
  const off = moved(at, field, value(far) + inward);
  if (!accepts(question(at)) || !accepts(question(off))) return null;
  const [onEdge, offEdge] = [await probe.optionsOf(question(at)), await probe.optionsOf(question(off))];
  if (onEdge === undefined || offEdge === undefined) return null;
  return !onEdge.ok && offEdge.ok;
}

/** Whether some options one step off `edges` (relaxing at least one of them), which the contract accepts, the subject accepts. */
async function acceptedOffEdges(options: { readonly [k: string]: Json }, edges: readonly Check[], question: (o: Json) => OptionsQuestion, probe: UpstreamProbe): Promise<boolean> {
  for (const o of neighbours(options)) {
    if (!edges.some((c) => (c.slack(o) ?? 0) > 0) || !accepts(question(o))) continue;
    if ((await probe.optionsOf(question(o)))?.ok === true) return true;
  }
  return false;
}

/** Each budget field's own range (§6, §7): its ends and middle are the values a field is moved to. */
const RANGES: { readonly [field: string]: readonly [number, number] } = { targetUnits: [1, 1_000_000], summaryMaxUnits: [1, 1_000_000], retainRecentMessages: [0, 4096], maxUnits: [1, 1_000_000] };

/**
 * Options with `field` set to `value`, the fields it bounds clamped so that they stay valid
 * (summaryMaxUnits <= targetUnits <= maxUnits): a field moved as far as the others let it, and
 * those others only as far as they must.
 */
function moved(o: { readonly [k: string]: Json }, field: string, value: number): { [k: string]: Json } {
  const out: { [k: string]: Json } = { ...o, [field]: value };
  const clamp = (k: string, f: (v: number) => number) => {
    const v = int(out, k);
    if (v !== null) out[k] = f(v);
  };
  if (field === "targetUnits") {
    clamp("summaryMaxUnits", (v) => Math.min(v, value));
    clamp("maxUnits", (v) => Math.max(v, value));
  } else if (field === "summaryMaxUnits") {
    clamp("targetUnits", (v) => Math.max(v, value));
    clamp("maxUnits", (v) => Math.max(v, int(out, "targetUnits") ?? v));
  } else if (field === "maxUnits") {
    clamp("targetUnits", (v) => Math.min(v, value));
    clamp("summaryMaxUnits", (v) => Math.min(v, int(out, "targetUnits") ?? v));
  }
  return out;
}

/**
 * The budget fields of valid options that the subject refuses, each of which, moved to another
 * value the contract accepts (its range's ends or middle, the fields it bounds clamped), makes
 * the subject accept them: what its objection needs (Hypothesis's explain phase, one field at a time).
 */
async function essentialFields(options: { readonly [k: string]: Json }, operation: "boundary" | "compact", subjectOf: (o: Json) => Promise<OptionsAnswer | undefined>, contractAccepts: (o: Json) => boolean): Promise<string[]> {
  const fields = NUMERIC.filter((f) => (operation === "compact" || f !== "maxUnits") && int(options, f) !== null);
  const essential: string[] = [];
  for (const field of fields) {
    const [lo, hi] = RANGES[field]!;
    const values = [lo, Math.floor((lo + hi) / 2), hi].filter((v) => v !== options[field]);
    for (const v of values) {
      const variant = moved(options, field, v);
      if (!contractAccepts(variant)) continue;
      if ((await subjectOf(variant))?.ok === true) {
        essential.push(field);
        break;
      }
    }
  }
  return essential;
}

/**
 * A broken check the subject does not object to as the contract does. A check of a group (the
 * same test of several fields) is one mistake however the subject lets it through (accepted,
 * another code, an error of another kind): its key leaves the answer out.
 */
function brokenRefined(check: Check, answer: string): OptionsRefined {
  const detail = `breaking ${named(check)}, ${answer}`;
  return check.group === undefined ? { rule: check.rule, detail } : { rule: check.rule, detail, key: `${check.rule} breaking ${check.group}` };
}

/**
 * Options the subject answers with an error of another kind (no code), when the first check of
 * §6, §7 they break is one of a group (the ids): that check's refinement, one mistake with the
 * group let through otherwise; else null (an escape is the reading's, whichever field).
 */
export function escapedOptionsRefined(operation: "boundary" | "compact", options: Json): OptionsRefined | null {
  if (options === null || typeof options !== "object" || Array.isArray(options)) return null;
  const checks = operation === "compact" ? [...CHECKS, ...COMPACT_CHECKS] : CHECKS;
  const broken = checks.filter((c) => (c.slack(options) ?? 0) < 0);
  return broken.length === 0 || broken[0]!.group === undefined ? null : brokenRefined(broken[0]!, "an error of another kind");
}

/** The rule of §2 and §3 a build answer breaks, by the code it turns on. */
export function refineBuild(d: Difference): Refined {
  const about = d.about;
  if (about?.kind !== "build") return of(d, "build.shape", "");
  // An input past one ceiling of §3, which the contract refuses with CONTEXT_LIMIT_EXCEEDED and the
  // subject answers otherwise (accepted, or refused for something it reads past the overflow):
  // that ceiling forgotten, whatever the subject answered (./ceilings).
  if (!about.contract.ok && about.contract.codes.includes(CODE.limitExceeded) && (about.subject.ok || !about.contract.codes.includes(about.subject.code))) {
    const passed = about.question.input === null ? [] : ceilingsPassed(about.question.input as Json);
    if (passed.length === 1) return of(d, "build.limits", `past ${passed[0]}`);
  }
  const code = !about.subject.ok ? about.subject.code : !about.contract.ok ? about.contract.codes[0]! : null;
  const rule: RuleId = code === "CONTEXT_INVALID_TRANSCRIPT" ? "build.transcript" : code === "CONTEXT_LIMIT_EXCEEDED" ? "build.limits" : code === "CONTEXT_INVALID_INPUT" || code === "CONTEXT_SUMMARY_INVALID" ? "build.records" : "build.shape";
  // Both accept: the built context differs (a field dropped, a key read otherwise), nothing refused.
  const answer = about.subject.ok ? (about.contract.ok ? "built otherwise" : "accepted") : `rejected with ${about.subject.code}`;
  return of(d, rule, answer);
}
