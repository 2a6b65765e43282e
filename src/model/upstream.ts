import type { ContextData, Json } from "../scenario/data";
import type { ControllerSlot } from "../scenario/scenario";
import type { BoundaryOptions, ModelGroup } from "./shapes";

// Upstream answers: the model's own intermediate answers (u(s) of a string, the groups of a
// transcript, the boundary of a context) replaced, for the length of one synchronous call, by
// answers a subject gave. The grader's root-cause analysis (src/grader/root-cause) re-judges a
// counterexample with them: when a failure disappears once the expected answer is computed
// from the subject's own units or groups, that upstream difference explains it. Outside
// `withUpstreamAnswers` nothing changes (one null check per call).

export type UpstreamLayer = "build" | "options" | "units" | "groups" | "boundary" | "compaction" | "async";

/**
 * Whether an operation accepts these options, as the subject answers it on a tiny valid
 * context (src/grader/root-cause/options.ts): accepted, or the code it rejected them with.
 */
export type OptionsAnswer = { readonly ok: true } | { readonly ok: false; readonly code: string };

export interface OptionsQuestion {
  readonly operation: "compact" | "boundary";
  readonly options: Json;
  /** compactContext's slots (src/scenario/scenario.ts); absent for the boundary. */
  readonly summarizerSlot?: Json;
  readonly signal?: Json;
}

/**
 * How compactContext settles the summarizer's value (§7 step 5), as the subject answers it on a
 * plain context that needs compaction, with the same script, signal and abort point: the value
 * it went on with (the text, when the rest of its compaction is the contract's for that text)
 * or the code it failed with, and how many times it called the summarizer.
 */
export interface SettlingAnswer {
  readonly settled: { readonly kind: "value"; readonly value: Json } | { readonly kind: "fails"; readonly codes: readonly string[] };
  readonly summarizerCalls: number;
}

export interface SettlingQuestion {
  readonly script: Json;
  readonly signal: "none" | ControllerSlot;
  /** The scenario's abort point (never "beforeCall": that is step 3, not step 5). */
  readonly abort: string;
}

/**
 * compactContext as the subject answers the plain question (a built context, the options'
 * data, a summarizer that returns the script's value synchronously, the scenario's signal
 * aborted only if it is before the call): what it returned or the
 * code it rejected with, and how many times it called the summarizer.
 */
export type CompactionAnswer =
  | { readonly kind: "returns"; readonly value: Json; readonly summarizerCalls: number }
  | { readonly kind: "throws"; readonly codes: readonly string[]; readonly summarizerCalls: number };

export interface CompactionQuestion {
  readonly context: ContextData;
  readonly options: Json;
  /** What the summarizer returns (a string, or any other value the script delivers). */
  readonly value: Json;
  /** The scenario's controller signal, if any, aborted before the call when `beforeCall`. */
  readonly signal: "none" | ControllerSlot;
  readonly beforeCall: boolean;
}

/** buildActiveContext as the subject answers it: the built context as data, or the code it rejected with. */
export type BuildAnswer = { readonly ok: true; readonly context: ContextData } | { readonly ok: false; readonly code: string };

/** An input read by the build (buildActiveContext) or by groupToolRounds (its transcript). */
export interface ReadQuestion {
  readonly reader: "build" | "groups";
  readonly input: unknown;
}

export interface UpstreamAnswers {
  /** Whether an operation accepts options, as the subject answers it, by `optionsKey`. */
  readonly options?: ReadonlyMap<string, OptionsAnswer>;
  /** How compactContext settles a summarizer script, as the subject answers it, by `settlingKey`. */
  readonly settlings?: ReadonlyMap<string, SettlingAnswer>;
  /** buildActiveContext as the subject answers it, by `buildKey`. */
  readonly builds?: ReadonlyMap<string, BuildAnswer>;
  /** compactContext's plain question as the subject answers it, by `compactionKey`. */
  readonly compactions?: ReadonlyMap<string, CompactionAnswer>;
  /** u(s) as the subject counts it, by string. */
  readonly codePoints?: ReadonlyMap<string, number>;
  /** Units of one requirement, summary or message as the subject counts them, by `itemKey`. */
  readonly itemUnits?: ReadonlyMap<string, number>;
  /** groupToolRounds as the subject answers it, by transcript key (`transcriptKey`). */
  readonly groups?: ReadonlyMap<string, readonly ModelGroup[]>;
  /** selectCompactionBoundary as the subject answers it, by `boundaryKey`. */
  readonly boundaries?: ReadonlyMap<string, number | null>;
}

export type UnitItemKind = "requirement" | "summary" | "message";

export interface UpstreamQuestions {
  readonly builds: Map<string, ReadQuestion>;
  readonly compactions: Map<string, CompactionQuestion>;
  readonly settlings: Map<string, SettlingQuestion>;
  readonly options: Map<string, OptionsQuestion>;
  readonly codePoints: Set<string>;
  readonly items: Map<string, { readonly kind: UnitItemKind; readonly item: unknown }>;
  readonly groups: Map<string, readonly unknown[]>;
  readonly boundaries: Map<string, { readonly context: ContextData; readonly options: BoundaryOptions }>;
}

/** What the model asked for and the answers did not hold (the analysis asks the subject and tries again), and everything it asked. */
export interface UpstreamMisses extends UpstreamQuestions {
  readonly asked: UpstreamQuestions;
}

const questions = (): UpstreamQuestions => ({ builds: new Map(), compactions: new Map(), settlings: new Map(), options: new Map(), codePoints: new Set(), items: new Map(), groups: new Map(), boundaries: new Map() });

let active: { readonly answers: UpstreamAnswers; readonly misses: UpstreamMisses } | null = null;

/** Runs `fn` with the model using `answers` where it has them; returns what it asked for in vain. */
export function withUpstreamAnswers<T>(answers: UpstreamAnswers, fn: () => T): { readonly value: T; readonly misses: UpstreamMisses } {
  const outer = active;
  const misses: UpstreamMisses = { ...questions(), asked: questions() };
  active = { answers, misses };
  try {
    return { value: fn(), misses };
  } finally {
    active = outer;
  }
}

/**
 * Runs `fn` with the contract's own answers: for what the harness computes rather than the
 * subject (a program's compact options are derived by the driver with the contract's units).
 */
export function withoutUpstream<T>(fn: () => T): T {
  const outer = active;
  active = null;
  try {
    return fn();
  } finally {
    active = outer;
  }
}

/** Answers are in force: caches of the model's own answers must not be used. */
export function upstreamActive(): boolean {
  return active !== null;
}

export function transcriptKey(transcript: readonly unknown[]): string {
  return JSON.stringify(transcript);
}

export function boundaryKey(context: ContextData, options: BoundaryOptions): string {
  const { targetUnits, summaryMaxUnits, retainRecentMessages } = options;
  // The records too: the contract's boundary does not depend on them, a subject's may (a walk that reads them).
  return JSON.stringify([context.requirements ?? [], context.summary ?? null, context.messages ?? [], context.compactions ?? [], targetUnits, summaryMaxUnits, retainRecentMessages]);
}

export function upstreamCodePoints(s: string): number | undefined {
  if (active === null || active.answers.codePoints === undefined) return undefined;
  const answer = active.answers.codePoints.get(s);
  active.misses.asked.codePoints.add(s);
  if (answer === undefined) active.misses.codePoints.add(s);
  return answer;
}

export function itemKey(kind: UnitItemKind, item: unknown): string {
  return `${kind}:${JSON.stringify(item)}`;
}

/**
 * The subject's answer to a question of `kind`, from `answers` (undefined: none, the model's
 * own), recording the question as asked and, without an answer, as missed. The key is
 * computed only while answers are in force: outside, the model pays one null check.
 */
function ask<Q, A>(kind: "items" | "groups" | "boundaries" | "builds" | "compactions" | "settlings" | "options", answers: (all: UpstreamAnswers) => ReadonlyMap<string, A> | undefined, key: () => string, question: Q): A | undefined {
  const known = active === null ? undefined : answers(active.answers);
  if (active === null || known === undefined) return undefined;
  const k = key();
  const answer = known.get(k);
  (active.misses.asked[kind] as Map<string, Q>).set(k, question);
  if (answer === undefined) (active.misses[kind] as Map<string, Q>).set(k, question);
  return answer;
}

export function upstreamItemUnits(kind: UnitItemKind, item: unknown): number | undefined {
  return ask("items", (a) => a.itemUnits, () => itemKey(kind, item), { kind, item });
}

export function upstreamGroups(transcript: readonly unknown[]): readonly ModelGroup[] | undefined {
  return ask("groups", (a) => a.groups, () => transcriptKey(transcript), transcript);
}

/** undefined: no answer (the model's own); null is the subject's answer "no boundary". */
export function upstreamBoundary(context: ContextData, options: BoundaryOptions): number | null | undefined {
  return ask("boundaries", (a) => a.boundaries, () => boundaryKey(context, options), { context, options });
}

export function buildKey(question: ReadQuestion): string {
  return `${question.reader}:${JSON.stringify(question.input) ?? "undefined"}`;
}

/** undefined: no answer (the model builds it itself). */
export function upstreamBuild(input: unknown): BuildAnswer | undefined {
  return upstreamRead({ reader: "build", input });
}

/**
 * Whether groupToolRounds accepts `transcript`, as the subject answers it: undefined (no
 * answer), or its answer (`ok`, or the code it rejected with). A transcript it accepts is read
 * by the model itself; one the contract rejects is then grouped as the subject groups it.
 */
export function upstreamTranscriptReading(transcript: unknown): BuildAnswer | undefined {
  return upstreamRead({ reader: "groups", input: transcript });
}

function upstreamRead(question: ReadQuestion): BuildAnswer | undefined {
  return ask("builds", (a) => a.builds, () => buildKey(question), question);
}

export function compactionKey(question: CompactionQuestion): string {
  const { requirements, summary, messages, compactions } = question.context;
  return JSON.stringify([requirements ?? [], summary ?? null, messages ?? [], compactions ?? [], question.options, question.value, question.signal, question.beforeCall]);
}

export function upstreamCompaction(question: CompactionQuestion): CompactionAnswer | undefined {
  return ask("compactions", (a) => a.compactions, () => compactionKey(question), question);
}

export function settlingKey(question: SettlingQuestion): string {
  return JSON.stringify([question.script, question.signal, question.abort]);
}

/** undefined: no answer (the model settles the script itself). */
export function upstreamSettling(question: SettlingQuestion): SettlingAnswer | undefined {
  return ask("settlings", (a) => a.settlings, () => settlingKey(question), question);
}

export function optionsKey(question: OptionsQuestion): string {
  return JSON.stringify([question.operation, question.options, question.summarizerSlot ?? null, question.signal ?? null]);
}

/** undefined: no answer (the model checks the options itself). */
export function upstreamOptions(question: OptionsQuestion): OptionsAnswer | undefined {
  return ask("options", (a) => a.options, () => optionsKey(question), question);
}
