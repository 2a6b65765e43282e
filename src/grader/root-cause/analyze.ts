import type { Host } from "../../scenario/host";
import type { Observation } from "../../scenario/observation";
import type { PropertyDefinition } from "../../scenario/property";
import type { Scenario } from "../../scenario/scenario";
import { messagesIn } from "../../scenario/size";
import type { Expected } from "../../scenario/expected";
import type { CriterionId } from "../criteria";
import type { RootCause, UpstreamDifference } from "../result";
import { expectedCut, observedCut } from "../report/cuts";
import { printedSize } from "../report/notation";
import { UpstreamProbe } from "./probe";
import { diagnose } from "./diagnose";
import { SUMMARIZER_CALL, separable } from "./focus";
import { CONTRACT_CLASS } from "../sandbox/child/protocol";
import type { Recheck } from "./differences";
import { describeCause } from "./describe";
import { RULES, type RuleId } from "./rules";
import type { Signature } from "./signature";
import { asyncBattery } from "./async-battery";
import { cancelBattery } from "./cancel-battery";
import { criterionOfProperty } from "../rubric/property-criteria";
import { optionsBattery, RANGE_KEY, RANGES_KEY } from "./options-battery";
import { groupsBattery } from "./groups-battery";
import { LATE_KEY } from "./late-check";
import { readingBattery } from "./reading-battery";
import { recordBattery, type RecordFinding } from "./record-battery";
import { summaryBattery } from "./summary-battery";
import { unitsBattery } from "./units-battery";
import { askedFresh, CALLS_ALONE } from "./stateful";

// Groups failed properties into root causes, one per mistake: each failure is localized
// (./localize: an upstream answer of the submission, an observed fact, or the failing call
// itself), signed with the contract rule where the submission's answer departs and how
// (./signature), and failures with one signature are one root cause (./describe words it).
// Properties not run because an export they call is missing or of the wrong kind are one root
// cause, "exports", first, naming every export with a problem (with the error class missing, the
// failures whose only difference is "not a ContextCompactionError" join it); other failures
// without a counterexample are grouped by their message. The score does not change: this only
// explains it.

export interface FailureInput {
  readonly id: string;
  readonly title: string;
  readonly message?: string;
  readonly counterexample?: Scenario;
  readonly observation?: Observation;
  readonly expected?: Expected;
  readonly replay?: string;
}

export interface RootCauseAnalysis {
  readonly rootCauses: readonly RootCause[];
  /** Failed property id → root cause id. */
  readonly causeOf: ReadonlyMap<string, string>;
  /** Failed property id → every upstream layer its re-check needed, when it needed more than one. */
  readonly combined: ReadonlyMap<string, readonly string[]>;
  /** Calls made to the subject for its upstream answers. */
  readonly probes: number;
}

export interface AnalyzeOptions {
  readonly definitions: readonly PropertyDefinition[];
  /** The graded subject (asked for its upstream answers), or null to attribute nothing. */
  readonly subject: Host | null;
  readonly reference: Host | null;
  /** The submission's exports that are missing or of the wrong kind (conformance.ts), by name. */
  readonly conformance?: ReadonlyMap<string, string>;
}

/** The root cause of exports missing or of the wrong kind. */
export const EXPORTS_CAUSE = "exports";

interface Attributed {
  readonly failure: FailureInput;
  readonly cause: string;
  readonly differences: readonly UpstreamDifference[];
  /** Its re-check needed the answers of more than one layer: it shows this root cause less clearly. */
  readonly combined?: boolean;
  readonly recheck?: Recheck;
  readonly signature?: Signature;
  /** Its answer's differing result fields, and where it was named by the field its verdict turned on (./focus). */
  readonly fields?: readonly string[];
  readonly focused?: { readonly field: string; readonly unfocused: Signature };
}

export async function analyzeRootCauses(failures: readonly FailureInput[], options: AnalyzeOptions): Promise<RootCauseAnalysis> {
  const byId = new Map(options.definitions.map((d) => [d.id, d]));
  const probe = options.subject === null ? null : new UpstreamProbe(options.subject);
  const attributed: Attributed[] = [];
  const combined = new Map<string, readonly string[]>();
  // Failures diagnosed once the probe's allowance was spent (their questions went unanswered).
  const starved: number[] = [];
  // Failures a freshly loaded module answers right: one mistake, answers that depend on earlier calls (./stateful).
  // Failures it answers otherwise, still departing, are diagnosed on that answer (the other mistake, without the state).
  const fresh = probe === null || options.subject === null ? null : await askedFresh(failures, byId, options.subject, options.reference);
  const alone = new Set(fresh?.right ?? []);
  for (const [index, given] of failures.entries()) {
    if (alone.has(index)) {
      attributed.push({ failure: given, cause: CALLS_ALONE.key, differences: [], signature: CALLS_ALONE });
      continue;
    }
    const otherwise = fresh?.otherwise.get(index);
    const failure = otherwise === undefined ? given : { ...given, observation: otherwise };
    const entry = await attribute(failure, byId.get(failure.id), probe, options.reference);
    if (probe?.exhausted === true && entry.signature !== undefined) starved.push(attributed.length);
    attributed.push(entry);
  }
  if (probe !== null && starved.length > 0) {
    // Diagnosed again with an allowance of their own, the failures alone under their key first:
    // a key many failures share stands anyway, one only a starved failure has may be the
    // answer a question left unasked gave.
    probe.allowAsking();
    const held = new Map<string, number>();
    for (const a of attributed) held.set(a.cause, (held.get(a.cause) ?? 0) + 1);
    const count = (i: number) => held.get(attributed[i]!.cause)!;
    for (const i of [...starved].sort((x, y) => count(x) - count(y) || x - y).slice(0, MAX_STARVED)) attributed[i] = await attribute(attributed[i]!.failure, byId.get(attributed[i]!.failure.id), probe, options.reference);
  }
  for (const a of attributed) if (a.combined === true) combined.set(a.failure.id, a.recheck!.needs!);
  const conformance = options.conformance ?? new Map<string, string>();
  const grouped = (separate: ReadonlySet<string>) => {
    const out = new Map<string, Attributed[]>();
    for (const entry of joinedKeys(lostCallsJoined(exportsJoined(rangesJoined(focusedWhereSeparable(attributed, separate)), conformance)))) out.set(entry.cause, [...(out.get(entry.cause) ?? []), entry]);
    return out;
  };
  const rulesOf = (groups: ReadonlyMap<string, Attributed[]>) => new Map([...groups.entries()].map(([key, members]): [string, RuleId | undefined] => [key, members[0]!.signature?.rule]));
  let causes = grouped(new Set());
  // Fields of the result that depart on their own when asked (./record-battery) are mistakes of
  // their own: failures whose verdict turned on one of them are that mistake's. (Asked with an
  // allowance of its own, as the batteries below are with theirs.)
  probe?.allowAsking();
  const atomicity = [...rulesOf(causes).values()].some((rule) => rule !== undefined && RULES[rule].criterion === "atomicity-and-one-record");
  // A module whose answers depend on earlier calls answers no question reliably: nothing is asked of it.
  const stateful = alone.size > 0 || (fresh?.otherwise.size ?? 0) > 0;
  const asking = probe !== null && !stateful ? probe : null;
  const results = asking === null || !atomicity ? [] : await recordBattery(asking, new Set(causes.keys()));
  if (results.length > 0) causes = grouped(new Set(results.map((r) => r.field)));
  const built = [...causes.entries()].map(([key, members]) => (key === EXPORTS_CAUSE ? { key, cause: exportsCause(members, conformance) } : { key, cause: rootCause(key, key === LATE_KEY ? lateMembers(members) : members, byId) }));
  const rules = rulesOf(causes);
  probe?.allowAsking();
  for (const found of asking === null ? [] : await askedCauses(asking, rules, options, failures.length === 0, results)) {
    built.push({ key: found.key, cause: found.cause });
    rules.set(found.key, found.rule);
  }
  // Answers a fresh module gives otherwise on failed cases, none of them right: the state is a
  // mistake of its own, with no failure of its own (the other mistake departs on every case).
  if (alone.size === 0 && (fresh?.otherwise.size ?? 0) > 0) {
    const found = askedCause(CALLS_ALONE.key, { ...CALLS_ALONE, subject: "answered otherwise after earlier calls than by a fresh module", contract: "one answer, whatever calls came before" }, "a freshly loaded instance of your module the cases of the failed properties, each answered otherwise there than after earlier calls", "another mistake");
    built.push({ key: found.key, cause: found.cause });
    rules.set(found.key, found.rule);
  }
  // Missing exports first (nothing else can be judged right without them), then in the order of
  // the contract's rules (upstream first: the input, units, groups, the boundary, then §7's
  // steps), then by how many properties each explains.
  const rank = (key: string) => (key === EXPORTS_CAUSE ? -1 : ruleRank(rules.get(key)));
  built.sort((a, b) => rank(a.key) - rank(b.key) || b.cause.properties.length - a.cause.properties.length);
  const rootCauses = uniqueIds(built.map((b) => b.cause));
  const causeOf = new Map(rootCauses.flatMap((cause) => cause.properties.map((id): [string, string] => [id, cause.id])));
  return { rootCauses, causeOf, combined, probes: probe?.calls ?? 0 };
}

/** Options checked only after the fast path: the signal's mistake where every failure is about the signal, else the fast path's. */
function lateMembers(members: readonly Attributed[]): readonly Attributed[] {
  const rule: RuleId = members.every((m) => m.signature?.rule === "options.signal") ? "options.signal" : "step2.fastPath";
  return members.map((m) => (m.signature === undefined ? m : { ...m, signature: { ...m.signature, rule } }));
}

/** Failures diagnosed again after the allowance was spent (./analyze: starved). */
const MAX_STARVED = 12;

/** One failure localized and signed (./diagnose); its own root cause where it cannot be. */
async function attribute(failure: FailureInput, def: PropertyDefinition | undefined, probe: UpstreamProbe | null, reference: Host | null): Promise<Attributed> {
  if (failure.counterexample === undefined || failure.observation === undefined || def === undefined || probe === null) {
    return { failure, cause: failure.counterexample === undefined ? notRunId(failure) : failure.id, differences: [] };
  }
  let diagnosis: Awaited<ReturnType<typeof diagnose>>;
  try {
    diagnosis = await diagnose({ def, scenario: failure.counterexample, observation: failure.observation }, failure.expected ?? null, probe, reference);
  } catch {
    // The model cannot judge again with answers that are no contract data (a built context
    // holding NaN, which J does not define): this failure alone stays its own root cause.
    return { failure, cause: failure.id, differences: [] };
  }
  const { recheck, signature } = diagnosis;
  if (signature.undiagnosed === true) return { failure, cause: failure.id, differences: [] };
  const differences = recheck.differences.map(({ layer, question, subject, contract }) => ({ layer, question, subject, contract }));
  return { failure, cause: signature.key, differences, combined: (recheck.needs?.length ?? 0) > 1, recheck, signature, ...(diagnosis.fields === undefined ? {} : { fields: diagnosis.fields }), ...(diagnosis.focused === undefined ? {} : { focused: diagnosis.focused }) };
}

/**
 * Mistakes found by asking (./units-battery, ./groups-battery, ./options-battery, ./record-battery, ./cancel-battery,
 * ./async-battery, ./reading-battery, ./summary-battery): where the grade holds a units, an options or a result
 * mistake, the rows of §4, the checks of the options or the fields of a compacted result that
 * depart on a fixed set of small questions and that no root cause names; where it holds no cancellation, no async-observation or no reading
 * mistake, the first abort, summarizer value, hostile build or summary of a fixed set answered otherwise.
 * Each is one more mistake with no property of its own.
 */
async function askedCauses(probe: UpstreamProbe, known: ReadonlyMap<string, RuleId | undefined>, analysis: AnalyzeOptions, noFailure: boolean, fields: readonly RecordFinding[]): Promise<{ readonly key: string; readonly rule: RuleId; readonly cause: RootCause }[]> {
  const rules = new Set([...known.values()].filter((r): r is RuleId => r !== undefined));
  const keys = new Set(known.keys());
  const holds = (criterion: CriterionId) => [...rules].some((rule) => RULES[rule].criterion === criterion);
  const judgesOf = (family: string, criterion: CriterionId) => analysis.definitions.filter((d) => d.family === family && d.needsReference !== true && criterionOfProperty(d.id) === criterion);
  const asyncJudges = judgesOf("async", "async-observation");
  const awaited = holds("async-observation") || asyncJudges.length === 0 ? null : await asyncBattery(probe, asyncJudges, keys, analysis.reference);
  const readingJudges = judgesOf("hostile", "immutable-snapshots-and-ceilings");
  // (The options are read like the input: a mistake in reading them is the reader's too.)
  const read = holds("immutable-snapshots-and-ceilings") || rules.has("read.options") || readingJudges.length === 0 ? null : await readingBattery(probe, readingJudges, keys, analysis.reference);
  const units = [...rules].some((rule) => rule.startsWith("units.")) ? await unitsBattery(probe, rules) : [];
  const grouped = rules.has("groups.rounds") ? await groupsBattery(probe, keys) : [];
  const optionKeys = [...known.keys()].filter((key) => key.startsWith("options.") || key === LATE_KEY);
  const options = await optionsBattery(probe, new Set(optionKeys));
  const cancelled = [...rules].some((rule) => RULES[rule].criterion === "cancellation") ? null : await cancelBattery(probe);
  const summaryJudge = analysis.definitions.find((d) => criterionOfProperty(d.id) === "summary-validation" && d.needsReference !== true);
  const summarized = holds("summary-validation") || summaryJudge === undefined ? null : await summaryBattery(probe, summaryJudge, keys, analysis.reference);
  const results = fields.filter((found) => !found.known && !keys.has(found.key));
  const behind = (before: string): string | null => (noFailure ? null : before);
  return [
    ...(read === null ? [] : [askedCause(`asked ${read.signature.key}`, read.signature, `your buildActiveContext a small context with one hostile thing at a time (judged by the check of ${read.property}), where the same context without it is built right`, behind("another mistake"))]),
    ...(awaited === null ? [] : [askedCause(`asked ${awaited.signature.key}`, awaited.signature, `your compactContext a fixed set of summarizer values on a plain context (judged by the check of ${awaited.property}), each where the same context with a plain text summary is compacted right`, behind("another mistake"))]),
    ...(summarized === null ? [] : [askedCause(`asked ${summarized.signature.key}`, summarized.signature, "your compactContext a fixed set of summaries at step 6's edges (65,536 code points, blank, not a string) on a context with room for them, where a short summary is compacted right", behind("another mistake"))]),
    ...(cancelled === null ? [] : [askedCause("asked cancellation", { key: cancelled.rule, ...cancelled }, "your compactContext a fixed set of aborts on a plain context, each where the same call without the abort is answered right", behind("another mistake"))]),
    ...grouped.map((found) => askedCause(found.key, found, "your groupToolRounds small transcripts, each shape of §5 once", behind("another grouping mistake"))),
    ...units.map((found) => askedCause(`asked ${found.rule}`, { key: found.rule, ...found }, "your estimateContextUnits the units of small contexts, one row of §4's table at a time", behind("another units mistake"))),
    ...results.map((found) => askedCause(found.key, { key: found.key, rule: found.rule, question: found.question, subject: found.subject, contract: found.contract }, "your compactContext plain compactions, each field of the result and its record compared with the contract's", behind("another mistake of the result"))),
    ...options.map((found) => askedCause(found.key, { key: found.key, rule: found.refined.rule, question: found.question, subject: found.subject, contract: found.contract }, "your functions a fixed set of options, each check of §6 and §7 at its edge and broken by one", behind("another mistake in the checks of the options"))),
  ];
}

/** `before`: what departs first in the failures that hide it; null when no property failed at all. */
function askedCause(key: string, signature: Signature, how: string, before: string | null): { readonly key: string; readonly rule: RuleId; readonly cause: RootCause } {
  const described = describeCause(signature, keyDetail(signature.key, signature.rule) || null, 0);
  const rule = RULES[signature.rule];
  return {
    key,
    rule: signature.rule,
    cause: {
      id: signature.rule,
      title: described.title,
      explanation: `${rule.says} (contract ${rule.section}). Found by asking ${how} (below: your answer and the contract's). ${before === null ? "No property failed on it (their generated cases did not meet it): it costs no points" : `No failed property's smallest counterexample shows it, because ${before} departs first in each of them: it explains no failure of its own and costs no points beyond theirs`}, but it is a mistake to fix too.`,
      criterion: described.criterion,
      differences: [{ layer: signature.rule.startsWith("units.") ? "units" : signature.rule.startsWith("options.") ? "options" : "compaction", question: signature.question, subject: signature.subject, contract: signature.contract }],
      properties: [],
      foundByAsking: true,
    },
  };
}

/** The detail of a signature's key, after its rule (or after the first word, for a name several rules share). */
function keyDetail(key: string, rule: RuleId): string {
  return (key.startsWith(`${rule} `) || key === rule ? key.slice(rule.length) : key.slice(key.indexOf(" ") + 1)).trim();
}

const RULE_ORDER = Object.keys(RULES) as RuleId[];

function ruleRank(rule: RuleId | undefined): number {
  return rule === undefined ? RULE_ORDER.length : RULE_ORDER.indexOf(rule);
}

/** Root causes of one rule are told apart by a number ("groups.rounds", "groups.rounds-2"). */
function uniqueIds(causes: readonly RootCause[]): RootCause[] {
  const seen = new Map<string, number>();
  return causes.map((cause) => {
    const n = (seen.get(cause.id) ?? 0) + 1;
    seen.set(cause.id, n);
    return n === 1 ? cause : { ...cause, id: `${cause.id}-${n}` };
  });
}

/**
 * A failure named by the field its verdict turned on keeps that name only where the field is a
 * mistake of its own in this grade (./focus separable: some failure differs in it without the
 * field named first; or `separate`: it departs alone when asked, ./record-battery); fields that
 * always differ together are one mistake, named by the first.
 */
function focusedWhereSeparable(attributed: readonly Attributed[], separate: ReadonlySet<string>): readonly Attributed[] {
  const readings = attributed.flatMap((a) => (a.fields === undefined ? [] : [a.fields]));
  return attributed.map((a) => (a.focused === undefined || separate.has(a.focused.field) || ownCall(a) || separable(a.focused.field, a.fields![0]!, readings) ? a : { ...a, cause: a.focused.unfocused.key, signature: a.focused.unfocused }));
}

/**
 * A verdict that turned on the summarizer's call, in a request field no other part of the result
 * derives from (not the messages the prefix gives, nor the signal): step 4's own mistake, even
 * where the result differs too on every case that shows it.
 */
function ownCall(a: Attributed): boolean {
  return a.focused?.field === SUMMARIZER_CALL && a.signature?.rule === "step4.request" && !a.signature.key.startsWith("step4.request request.messages ");
}

/**
 * Bounds of the budgets' ranges let through, two or more of them: one way of checking the ranges
 * (a helper that clamps, or none), one mistake under the budgets' rule, whichever bound a case met.
 */
function rangesJoined(attributed: readonly Attributed[]): readonly Attributed[] {
  const bounds = new Set(attributed.filter((a) => RANGE_KEY.test(a.cause)).map((a) => a.cause));
  if (bounds.size < 2) return attributed;
  return attributed.map((a) => (RANGE_KEY.test(a.cause) && a.signature !== undefined ? { ...a, cause: RANGES_KEY, signature: { ...a.signature, key: RANGES_KEY, rule: "options.budgets" } } : a));
}

/** A failure not run because earlier calls of an operation were lost (timed out or crashed), and that operation when named. */
const LOST = /not run: (?:\d+ earlier "(\w+)" calls already timed out or crashed|earlier calls of the same kind timed out or crashed)/;

/**
 * Properties not run because earlier calls of the same operation were lost join the root cause
 * of those lost calls: the mistake whose counterexamples hang or crash on that operation (when
 * one mistake does).
 */
function lostCallsJoined(attributed: readonly Attributed[]): readonly Attributed[] {
  const losing = new Map<string, Set<string>>();
  for (const a of attributed) {
    const outcome = a.failure.observation?.outcome;
    const kind = a.failure.counterexample?.operation.kind;
    if (kind !== undefined && (outcome?.kind === "timeout" || outcome?.kind === "crash")) losing.set(kind, new Set([...(losing.get(kind) ?? []), a.cause]));
  }
  return attributed.map((a) => {
    const match = a.failure.counterexample === undefined ? LOST.exec(a.failure.message ?? "") : null;
    if (match === null) return a;
    const causes = match[1] === undefined ? new Set([...losing.values()].flatMap((c) => [...c])) : (losing.get(match[1]) ?? new Set<string>());
    if (causes.size !== 1) return a;
    const cause = [...causes][0]!;
    const host = attributed.find((b) => b.cause === cause)!;
    return { ...a, cause, ...(host.signature === undefined ? {} : { signature: host.signature }) };
  });
}

/**
 * Signatures that name other keys of their mistake (Signature.joins) join the failures under those
 * keys: a key another failure has is put under the joining key (the first one, in order). A
 * failure whose answer fits a key other failures have (Signature.orUnder) is put under it.
 */
function joinedKeys(attributed: readonly Attributed[]): readonly Attributed[] {
  const into = new Map<string, string>();
  for (const a of attributed) for (const other of a.signature?.joins ?? []) if (other !== a.cause && !into.has(other) && !into.has(a.cause)) into.set(other, a.cause);
  const joined = attributed.map((a) => (into.has(a.cause) ? { ...a, cause: into.get(a.cause)! } : a));
  // A failure that fits another failure's key as well (Signature.orUnder) goes under it.
  const hosts = new Map(joined.map((a) => [a.cause, a]));
  return joined.map((a) => {
    const host = a.signature?.orUnder === undefined ? undefined : hosts.get(a.signature.orUnder);
    return host === undefined ? a : { ...a, cause: host.cause };
  });
}

/** Failures a missing or wrong export explains: not run for it, or (the error class missing) judged not to throw it. */
function exportsJoined(attributed: readonly Attributed[], conformance: ReadonlyMap<string, string>): readonly Attributed[] {
  if (conformance.size === 0) return attributed;
  const problems = [...conformance.values()];
  const notRunFor = (a: Attributed) => a.failure.counterexample === undefined && a.failure.message?.startsWith("not run: ") === true && problems.some((p) => a.failure.message!.includes(p));
  // Without the class, a rejection with the right code still reads "not a ContextCompactionError".
  const onlyTheClass = (a: Attributed) => a.recheck?.layer === "error-class" || (a.differences.length > 0 && a.differences.every((d) => d.subject.includes(`not a ${CONTRACT_CLASS}`)));
  const classMissing = conformance.has(CONTRACT_CLASS);
  return attributed.map((a) => (notRunFor(a) || (classMissing && onlyTheClass(a)) ? { ...a, cause: EXPORTS_CAUSE } : a));
}

function exportsCause(members: readonly Attributed[], conformance: ReadonlyMap<string, string>): RootCause {
  const names = [...conformance.keys()];
  return {
    id: EXPORTS_CAUSE,
    title: `Exports missing or of the wrong kind (contract §1): ${names.join(", ")}`,
    explanation: `${[...conformance.values()].join("; ")}. A property whose scenarios call a missing function is not run; without ${CONTRACT_CLASS} no error can be recognised as one. Export every name of contract §1 first: the properties listed follow.`,
    properties: members.map((m) => m.failure.id),
  };
}

function notRunId(failure: FailureInput): string {
  return `not-run: ${failure.message ?? "no counterexample"}`;
}

function rootCause(key: string, members: readonly Attributed[], byId: ReadonlyMap<string, PropertyDefinition>): RootCause {
  const alone = (m: Attributed) => (m.combined === true ? 1 : 0);
  // The smallest counterexample that shows this mistake alone.
  const smallest = [...members].filter((m) => m.failure.counterexample !== undefined).sort((a, b) => alone(a) - alone(b) || size(a.failure) - size(b.failure))[0];
  const first = members[0]!.failure;
  const signature = (smallest ?? members[0]!).signature;
  const pick = smallest?.failure;
  const drawable = [...members].filter((m) => hasCut(m.failure.counterexample)).sort((a, b) => alone(a) - alone(b) || cutRank(a.failure) - cutRank(b.failure) || size(a.failure) - size(b.failure))[0]?.failure;
  let id: string, title: string, explanation: string, criterion: CriterionId | undefined;
  if (signature === undefined) {
    const def = byId.get(first.id);
    id = key.startsWith("not-run: ") ? `not-run-${slug(first.message ?? "")}` : first.id;
    title = key.startsWith("not-run: ") ? `Not run: ${first.message ?? ""}`.replace("Not run: not run: ", "Not run: ") : first.title;
    explanation = def === undefined ? (first.message ?? "") : `${def.catches} (${def.specRef})`;
  } else {
    // The key's detail follows its first word (the rule, or a name several rules share).
    const detail = keyDetail(key, signature.rule);
    const described = describeCause(signature, detail || null, members.length);
    id = signature.rule;
    ({ title, explanation, criterion } = described);
  }
  const side = signature === undefined || signature.question === "" ? [] : [{ layer: layerOf(smallest ?? members[0]!), question: signature.question, subject: signature.subject, contract: signature.contract }];
  const differences = side.length > 0 ? side : (smallest?.differences ?? []).slice(0, 1);
  return {
    id,
    title,
    explanation,
    ...(criterion === undefined ? {} : { criterion }),
    ...(pick?.counterexample === undefined ? {} : { counterexample: pick.counterexample, counterexampleOf: pick.id }),
    ...(pick?.observation === undefined ? {} : { observation: pick.observation }),
    ...(pick?.expected === undefined ? {} : { expected: pick.expected }),
    ...(differences.length === 0 ? {} : { differences }),
    ...(pick?.replay === undefined ? {} : { replay: pick.replay }),
    ...(drawable?.counterexample === undefined
      ? {}
      : {
          illustration: {
            propertyId: drawable.id,
            counterexample: drawable.counterexample,
            ...(drawable.observation === undefined ? {} : { observation: drawable.observation }),
            ...(drawable.expected === undefined ? {} : { expected: drawable.expected }),
          },
        }),
    properties: members.map((m) => m.failure.id),
  };
}

function layerOf(member: Attributed): UpstreamDifference["layer"] {
  return member.recheck?.layer ?? member.differences[0]?.layer ?? "compaction";
}

/** A boundary or compaction call over at least one message, without hostile decorations. */
function hasCut(scenario: Scenario | undefined): boolean {
  const kind = scenario?.operation.kind;
  return (kind === "boundary" || kind === "compact") && (scenario?.decorations?.length ?? 0) === 0 && (messagesIn(scenario) ?? 0) > 0;
}

/** Best drawn first: the two cuts at different messages, then at least one cut, then none. */
function cutRank(failure: FailureInput): number {
  const scenario = failure.counterexample!;
  const expected = expectedCut(scenario, failure.expected);
  const observed = observedCut(scenario, failure.observation);
  if (typeof expected === "number" && typeof observed === "number" && expected !== observed) return 0;
  if (typeof expected === "number" || typeof observed === "number") return 1;
  return 2;
}

/** Smaller is easier to read: fewer messages first, then less text. */
function size(failure: FailureInput): number {
  return (messagesIn(failure.counterexample) ?? 0) * 1_000_000 + Math.min(999_999, printedSize(failure.counterexample));
}

function slug(text: string): string {
  return text.toLowerCase().replace(/^not run: /, "").replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 40) || "unknown";
}
