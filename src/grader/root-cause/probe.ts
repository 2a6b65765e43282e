import { CODE } from "../../model/limits";
import type { ModelGroup } from "../../model/index";
import type { BoundaryOptions } from "../../model/shapes";
import type { ContextData, Json } from "../../scenario/data";
import type { Host } from "../../scenario/host";
import type { Observation, Outcome } from "../../scenario/observation";
import type { Scenario } from "../../scenario/scenario";
import { boundaryKey, buildKey, optionsKey, settlingKey, transcriptKey, type BuildAnswer, type OptionsQuestion, type CompactionAnswer, type CompactionQuestion, type ReadQuestion, type OptionsAnswer, type SettlingAnswer, type SettlingQuestion, type UnitItemKind, type UpstreamAnswers, type UpstreamMisses, type UpstreamQuestions } from "../../model/upstream";
import { controlKey, controlScenario, settlingAnswer, settlingScenario } from "./settling";
import { optionsAnswer, optionsScenario } from "./options";

// Asks the subject for its own upstream answers, through the same host (and sandbox) that
// graded it: u(s) of a string (as the difference of estimateContextUnits of a one-message
// context with that string as content and with ""), groupToolRounds of a transcript,
// selectCompactionBoundary of a context. Answers are cached for the whole analysis; a question
// the subject does not answer with a value of the right shape is never asked again and the
// model keeps its own answer there; nor is a function called again whose first MAX_REFUSALS
// calls gave no usable outcome (one that always throws).

/** At most this many calls per analysis: a hostile or huge counterexample cannot stall the report. */
export const MAX_PROBES = 3000;
/** Calls the questions asked after the failures (the batteries of ./analyze) may make beyond those, whatever the failures spent. */
export const ASKING_PROBES = 600;
/** Readings of decorated inputs and options (./decorated), one per failure at most, beside MAX_PROBES. */
export const MAX_READINGS = 200;
/** A function the subject has called this many times without one usable outcome (one that always throws) is not called again. */
export const MAX_REFUSALS = 8;

export class UpstreamProbe {
  readonly compactions = new Map<string, CompactionAnswer>();
  /** How the subject settles a script (the async layer, ./settling), and its whole answer to that question. */
  readonly settlings = new Map<string, SettlingAnswer>();
  readonly settlingOutcomes = new Map<string, CompactionAnswer>();
  /** Whether an operation accepts options (the options layer, ./options). */
  readonly options = new Map<string, OptionsAnswer>();
  private readonly controls = new Map<string, Observation | undefined>();
  private readonly settlingObservations = new Map<string, Observation | undefined>();
  readonly builds = new Map<string, BuildAnswer>();
  readonly codePoints = new Map<string, number>();
  readonly itemUnits = new Map<string, number>();
  readonly groups = new Map<string, readonly ModelGroup[]>();
  readonly boundaries = new Map<string, number | null>();
  private readonly unanswered = new Set<string>();
  private readonly inputUnits = new Map<string, number | null>();
  private readonly observed = new Map<string, Observation | undefined>();
  /** Per function called (the operation's kind): calls that gave a usable outcome, and calls that did not. */
  private readonly usable = new Map<string, number>();
  private readonly unusable = new Map<string, number>();
  private emptyUnits: number | null | undefined = undefined;
  calls = 0;
  private readings = 0;

  constructor(private readonly host: Host) {}

  private limit = MAX_PROBES;

  get exhausted(): boolean {
    return this.calls >= this.limit;
  }

  /** A fresh allowance of ASKING_PROBES calls, for the questions asked once every failure is diagnosed. */
  allowAsking(): void {
    this.limit = this.calls + ASKING_PROBES;
  }

  /** The cached answers, restricted to the layers enabled. */
  answers(layers: { readonly build: boolean; readonly compaction: boolean; readonly async?: boolean; readonly options?: boolean; readonly units: boolean; readonly groups: boolean; readonly boundary: boolean }): UpstreamAnswers {
    return {
      ...(layers.build ? { builds: this.builds } : {}),
      ...(layers.compaction ? { compactions: this.compactions } : {}),
      ...(layers.async === true ? { settlings: this.settlings } : {}),
      ...(layers.options === true ? { options: this.options } : {}),
      ...(layers.units ? { codePoints: this.codePoints, itemUnits: this.itemUnits } : {}),
      ...(layers.groups ? { groups: this.groups } : {}),
      ...(layers.boundary ? { boundaries: this.boundaries } : {}),
    };
  }

  /** Misses that can still be asked (not asked before and refused). */
  open(misses: UpstreamMisses): number {
    let count = 0;
    for (const key of misses.builds.keys()) if (!this.unanswered.has(`c:${key}`)) count++;
    for (const key of misses.compactions.keys()) if (!this.unanswered.has(`k:${key}`)) count++;
    for (const key of misses.settlings.keys()) if (!this.unanswered.has(`s:${key}`)) count++;
    for (const key of misses.options.keys()) if (!this.unanswered.has(`o:${key}`)) count++;
    for (const s of misses.codePoints) if (!this.unanswered.has(`u:${s}`)) count++;
    for (const key of misses.items.keys()) if (!this.unanswered.has(`i:${key}`)) count++;
    for (const key of misses.groups.keys()) if (!this.unanswered.has(`g:${key}`)) count++;
    for (const key of misses.boundaries.keys()) if (!this.unanswered.has(`b:${key}`)) count++;
    return count;
  }

  /** The subject's answer to one read question (cached), or undefined when it gives none. */
  async read(question: ReadQuestion): Promise<BuildAnswer | undefined> {
    const key = buildKey(question);
    if (!this.builds.has(key) && !this.unanswered.has(`c:${key}`)) await this.ask({ ...emptyMisses(), builds: new Map([[key, question]]) });
    return this.builds.get(key);
  }

  /** The subject's answer to one options question (cached), or undefined when it gives none. */
  async optionsOf(question: OptionsQuestion): Promise<OptionsAnswer | undefined> {
    const key = optionsKey(question);
    if (!this.options.has(key) && !this.unanswered.has(`o:${key}`)) await this.ask({ ...emptyMisses(), options: new Map([[key, question]]) });
    return this.options.get(key);
  }

  /**
   * `compute` run with the subject's answers, asking the subject what it missed and running it
   * again, at most `rounds` times and `calls` calls (or until the budget is spent): its last value,
   * and every question each run asked.
   */
  async untilAnswered<T>(compute: () => { readonly value: T; readonly misses: UpstreamMisses }, rounds: number, calls: number): Promise<{ readonly value: T; readonly asked: UpstreamQuestions[] }> {
    const started = this.calls;
    let run = compute();
    const asked: UpstreamQuestions[] = [run.misses.asked];
    for (let round = 0; round < rounds && this.open(run.misses) > 0 && !this.exhausted && this.calls - started < calls; round++) {
      await this.ask(run.misses);
      run = compute();
      asked.push(run.misses.asked);
    }
    return { value: run.value, asked };
  }

  /** groupToolRounds of a transcript, as the subject answers it (cached), or undefined when it gives none. */
  async groupsOfTranscript(transcript: readonly unknown[]): Promise<readonly ModelGroup[] | undefined> {
    const key = transcriptKey(transcript);
    if (!this.groups.has(key) && !this.unanswered.has(`g:${key}`)) await this.ask({ ...emptyMisses(), groups: new Map([[key, transcript]]) });
    return this.groups.get(key);
  }

  /** selectCompactionBoundary of a context's channels, as the subject answers it (cached): a cut, null, or undefined when it gives none. */
  async boundaryOf(context: ContextData, options: BoundaryOptions): Promise<number | null | undefined> {
    const key = boundaryKey(context, options);
    if (!this.boundaries.has(key) && !this.unanswered.has(`b:${key}`)) await this.ask({ ...emptyMisses(), boundaries: new Map([[key, { context, options }]]) });
    return this.boundaries.get(key);
  }

  /** estimateContextUnits of a plain input, as the subject answers it (cached), or null. */
  async unitsOfInput(input: Json): Promise<number | null> {
    const key = JSON.stringify(input);
    if (!this.inputUnits.has(key)) this.inputUnits.set(key, this.exhausted ? null : unitsValue(await this.value(unitsOf(input as { [key: string]: Json }))));
    return this.inputUnits.get(key)!;
  }

  async ask(misses: UpstreamMisses): Promise<void> {
    for (const [key, { reader, input }] of misses.builds) {
      if (this.skip("c", key)) continue;
      const outcome = await this.outcome(reader === "build" ? { operation: { kind: "build", input: input as Json } } : { operation: { kind: "groups", transcript: input as Json } });
      this.keep("c", key, (reader === "build" ? buildOf(outcome) : readingOf(outcome)) ?? undefined, this.builds);
    }
    for (const [key, question] of misses.compactions) {
      if (this.skip("k", key)) continue;
      let answer = compactionOf(await this.observation(plainCompaction(question)));
      // No summary may be given as null or left out (§3): a subject that refuses null is asked with it left out.
      if (answer?.kind === "throws" && answer.codes[0] === CODE.invalidInput && (question.context.summary ?? null) === null) {
        const again = compactionOf(await this.observation(plainCompaction(question, false)));
        if (again !== null && !(again.kind === "throws" && again.codes[0] === CODE.invalidInput)) answer = again;
      }
      this.keep("k", key, answer ?? undefined, this.compactions);
    }
    const options = new Map([...misses.options].filter(([key]) => !this.unanswered.has(`o:${key}`)));
    for (const [key, question] of options) {
      if (this.options.has(key) || this.exhausted) continue;
      const answer = optionsAnswer(await this.observation(optionsScenario(question)));
      if (answer === null) this.unanswered.add(`o:${key}`);
      else this.options.set(key, answer);
    }
    for (const [key, question] of misses.settlings) {
      if (this.skip("s", key)) continue;
      const { observation, control } = await this.settling(question);
      const answer = settlingAnswer(question, observation, control);
      const outcome = compactionOf(observation);
      this.keep("s", key, outcome === null ? undefined : (answer ?? undefined), this.settlings);
      if (answer !== null && outcome !== null) this.settlingOutcomes.set(key, outcome);
    }
    for (const s of misses.codePoints) {
      if (this.skip("u", s)) continue;
      this.keep("u", s, (await this.codePointsOf(s)) ?? undefined, this.codePoints);
    }
    for (const [key, { kind, item }] of misses.items) {
      if (this.skip("i", key)) continue;
      this.keep("i", key, (await this.itemUnitsOf(kind, item as Json)) ?? undefined, this.itemUnits);
    }
    for (const [key, transcript] of misses.groups) {
      if (this.skip("g", key)) continue;
      this.keep("g", key, groupsOf(await this.value({ operation: { kind: "groups", transcript: transcript as Json } })) ?? undefined, this.groups);
    }
    for (const [key, { context, options }] of misses.boundaries) {
      if (this.skip("b", key)) continue;
      const ask = (channels: Json) => this.value({ operation: { kind: "boundary", context: channels, prebuilt: false, options: options as unknown as Json } });
      // No summary may be given as null or left out (§3): a subject that refuses one of the two is asked the other.
      // (With the context's records: a subject's walk may read them, as the compaction it answers does.)
      let answer = await ask(contextWithRecords(context));
      if (answer === undefined && (context.summary ?? null) === null) answer = await ask(contextWithRecords(context, false));
      this.keep("b", key, answer === undefined || !(answer === null || Number.isSafeInteger(answer)) ? undefined : (answer as number | null), this.boundaries);
    }
  }

  /** Whether a question is not asked: refused before, or the budget spent. */
  private skip(kind: string, key: string): boolean {
    return this.unanswered.has(`${kind}:${key}`) || this.exhausted;
  }

  /** Caches an answer (undefined: refused, never asked again; null is an answer where the cache holds it, e.g. "no boundary"). */
  private keep<T>(kind: string, key: string, answer: T | undefined, cache: Map<string, T>): void {
    if (answer === undefined) this.unanswered.add(`${kind}:${key}`);
    else cache.set(key, answer);
  }

  /**
   * Units of one item as the subject counts them: estimateContextUnits of a context holding it
   * alone. A message linked to others (an assistant with calls, a tool result) cannot stand
   * alone: it is measured with synthetic partners (an empty result per call; an assistant
   * with the one call answered, arguments {}), whose units are then taken off, computed by
   * the contract's formula over the subject's own u(s).
   */
  private async itemUnitsOf(kind: UnitItemKind, item: Json): Promise<number | null> {
    if (kind === "requirement") return unitsValue(await this.value(unitsOf({ requirements: [item] })));
    if (kind === "summary") return unitsValue(await this.value(unitsOf({ summary: item })));
    if (item === null || typeof item !== "object" || Array.isArray(item)) return null;
    if (item.role === "toolResult" && typeof item.toolCallId === "string" && typeof item.toolName === "string") {
      const partner = { id: "a", role: "assistant", content: [{ type: "toolCall", id: item.toolCallId, name: item.toolName, arguments: {} }] };
      const total = unitsValue(await this.value(unitsOf({ messages: [partner, item] })));
      const partnerUnits = await this.formulaUnits([["a", item.toolCallId, item.toolName]], 4 + 6 + 2);
      return total === null || partnerUnits === null || total < partnerUnits ? null : total - partnerUnits;
    }
    const calls = item.role === "assistant" && Array.isArray(item.content) ? item.content.filter((b): b is { [k: string]: Json } => b !== null && typeof b === "object" && !Array.isArray(b) && b.type === "toolCall") : [];
    if (calls.length === 0) return unitsValue(await this.value(unitsOf({ messages: [item] })));
    if (!calls.every((c) => typeof c.id === "string" && typeof c.name === "string")) return null;
    const partners = calls.map((c) => ({ id: "r", role: "toolResult", toolCallId: c.id as string, toolName: c.name as string, content: "", isError: false }));
    const total = unitsValue(await this.value(unitsOf({ messages: [item, ...partners] })));
    let partnerUnits = 0;
    for (const p of partners) {
      const units = await this.formulaUnits([["r", p.toolCallId, p.toolName, ""]], 7);
      if (units === null) return null;
      partnerUnits += units;
    }
    return total === null || total < partnerUnits ? null : total - partnerUnits;
  }

  /** `base` + the subject's u(s) of every string listed: a synthetic partner's units by the contract's formula. */
  private async formulaUnits(strings: readonly (readonly string[])[], base: number): Promise<number | null> {
    let sum = base;
    for (const s of strings.flat()) {
      const cached = this.codePoints.get(s);
      const u = cached ?? (await this.codePointsOf(s));
      if (u === null) return null;
      this.codePoints.set(s, u);
      sum += u;
    }
    return sum;
  }

  /** The subject's observations of a settling question (./settling) and of its control, asked once each. */
  async settling(question: SettlingQuestion): Promise<{ readonly observation: Observation | undefined; readonly control: Observation | undefined }> {
    const key = settlingKey(question);
    const scenario = settlingScenario(question);
    const control = scenario === null ? undefined : await this.control(controlKey(question), controlScenario(question)!);
    // A settling question may hang or throw by design (that is its answer): not counted as a refusal.
    if (control !== undefined && scenario !== null && !this.settlingObservations.has(key)) this.settlingObservations.set(key, await this.observation(scenario, false));
    return { observation: this.settlingObservations.get(key), control };
  }

  /** The subject's answer to a settling question's control, asked once per text. */
  private async control(key: string, scenario: Scenario): Promise<Observation | undefined> {
    if (!this.controls.has(key)) this.controls.set(key, await this.observation(scenario));
    return this.controls.get(key);
  }

  private async codePointsOf(s: string): Promise<number | null> {
    const whole = await this.codePointsAsked(s);
    // (A model's question may carry no string where a malformed message has none: no pieces.)
    if (whole !== null || typeof s !== "string" || s.length <= PIECE) return whole;
    // A string the subject refuses in one message (past its 65,536 code points, as it counts
    // them) is asked in pieces cut between code points: u is additive (§4).
    const pieces = piecesOf(s);
    if (pieces.length > MAX_PIECES) return null;
    let sum = 0;
    for (const piece of pieces) {
      const u = await this.codePointsAsked(piece);
      if (u === null) return null;
      sum += u;
    }
    return sum;
  }

  private async codePointsAsked(s: string): Promise<number | null> {
    if (this.emptyUnits === undefined) this.emptyUnits = unitsValue(await this.value(oneMessage("")));
    if (this.emptyUnits === null) return null;
    const units = unitsValue(await this.value(oneMessage(s)));
    return units === null || units < this.emptyUnits ? null : units - this.emptyUnits;
  }

  /**
   * The subject's whole observation of a scenario (a decorated input's reading, ./decorated),
   * asked once per scenario. At most one such question per failure: they have their own
   * allowance (MAX_READINGS), so the layers' questions asked before cannot use it up.
   */
  async observe(scenario: Scenario): Promise<Observation | undefined> {
    const key = JSON.stringify(scenario);
    if (!this.observed.has(key)) {
      if (this.readings >= MAX_READINGS) return undefined;
      this.readings++;
      this.observed.set(key, await this.host.observe(scenario));
      this.calls++;
    }
    return this.observed.get(key);
  }

  /**
   * The subject's whole observation of a question asked after the failures (the batteries of
   * ./analyze), cached, within the asking allowance; a hang or a throw is its answer (not counted
   * as a refusal). Undefined once the allowance is spent.
   */
  async asked(scenario: Scenario): Promise<{ readonly scenario: Scenario; readonly observation: Observation } | undefined> {
    const key = JSON.stringify(scenario);
    if (!this.observed.has(key)) {
      if (this.exhausted) return undefined;
      this.observed.set(key, await this.observation(scenario, false));
    }
    const observation = this.observed.get(key);
    return observation === undefined ? undefined : { scenario, observation };
  }

  /** The returned value, or undefined when the call threw, crashed or timed out. */
  private async value(scenario: Scenario): Promise<Json | undefined> {
    const outcome = await this.outcome(scenario);
    return outcome?.kind === "returned" ? outcome.value : undefined;
  }

  private async outcome(scenario: Scenario): Promise<Outcome | undefined> {
    return (await this.observation(scenario))?.outcome;
  }

  /**
   * One call to the subject. A function whose first MAX_REFUSALS counted calls all ended
   * without a usable outcome (a value, or a ContextCompactionError: it threw something else,
   * hung or crashed) is not called again: a submission whose function always throws would
   * otherwise spend the whole budget.
   */
  private async observation(scenario: Scenario, counted = true): Promise<Observation | undefined> {
    const fn = scenario.operation.kind;
    if (this.exhausted || (counted && (this.usable.get(fn) ?? 0) === 0 && (this.unusable.get(fn) ?? 0) >= MAX_REFUSALS)) return undefined;
    this.calls++;
    const observation = await this.host.observe(scenario);
    if (counted) {
      const outcome = observation.outcome;
      const tally = outcome.kind === "returned" || (outcome.kind === "threw" && outcome.error.isContextCompactionError) ? this.usable : this.unusable;
      tally.set(fn, (tally.get(fn) ?? 0) + 1);
    }
    return observation;
  }
}

function oneMessage(content: string): Scenario {
  return unitsOf({ messages: [{ id: "m", role: "user", content }] });
}

/** UTF-16 units per piece of a long string asked in pieces, and at most this many pieces. */
const PIECE = 16_384;
const MAX_PIECES = 16;

/** `s` cut into pieces of at most PIECE UTF-16 units, never inside a surrogate pair. */
export function piecesOf(s: string): string[] {
  const pieces: string[] = [];
  for (let start = 0; start < s.length; ) {
    let end = Math.min(s.length, start + PIECE);
    const high = s.charCodeAt(end - 1), low = s.charCodeAt(end);
    if (end < s.length && high >= 0xd800 && high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff) end--;
    pieces.push(s.slice(start, end));
    start = end;
  }
  return pieces;
}

function unitsOf(input: { [key: string]: Json }): Scenario {
  return { operation: { kind: "units", input, prebuilt: false } };
}

function unitsValue(value: Json | undefined): number | null {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

/** The submission's groups as the model's records, or null when they are not a list of groups. */
function groupsOf(value: Json | undefined): ModelGroup[] | null {
  const seen = seenGroups(value);
  return seen === null || seen.some((g) => g.kind !== "message" && g.kind !== "toolRound") ? null : (seen as ModelGroup[]);
}

/** A group as a submission answers it: any kind (the contract's are "message" and "toolRound"). */
export type SeenGroup = { readonly kind: string; readonly startIndex: number; readonly endIndex: number };

/** The submission's groups whatever their kinds (./refine names a kind of its own), or null when they are not a list of groups. */
export function seenGroups(value: Json | undefined): SeenGroup[] | null {
  if (!Array.isArray(value)) return null;
  const groups: SeenGroup[] = [];
  for (const item of value) {
    if (item === null || typeof item !== "object" || Array.isArray(item)) return null;
    const { kind, startIndex, endIndex } = item;
    if (typeof kind !== "string" || !Number.isSafeInteger(startIndex) || !Number.isSafeInteger(endIndex)) return null;
    groups.push({ kind, startIndex: startIndex as number, endIndex: endIndex as number });
  }
  return groups;
}

/**
 * The channels the boundary reads; records are dropped (they cost nothing and do not move the
 * cut). `nullSummary: false` leaves an absent summary out rather than null.
 */
function contextOnly(context: ContextData, nullSummary = true): Json {
  const summary = context.summary ?? null;
  return { requirements: context.requirements ?? [], ...(summary === null && !nullSummary ? {} : { summary }), messages: context.messages ?? [] } as unknown as Json;
}


/**
 * The subject's build of an input: a ContextCompactionError's code, or the context it returned
 * when that has the shape of a built context (four channels); null otherwise (no answer).
 */
function buildOf(outcome: Outcome | undefined): BuildAnswer | null {
  if (outcome === undefined) return null;
  if (outcome.kind === "threw") return outcome.error.isContextCompactionError && typeof outcome.error.code === "string" ? { ok: false, code: outcome.error.code } : null;
  if (outcome.kind !== "returned") return null;
  const v = outcome.value;
  if (v === null || typeof v !== "object" || Array.isArray(v)) return null;
  const { requirements, summary, messages, compactions } = v;
  const summaryOk = summary === null || (summary !== null && typeof summary === "object" && !Array.isArray(summary) && typeof summary.id === "string" && typeof summary.content === "string");
  if (!Array.isArray(requirements) || !Array.isArray(messages) || !Array.isArray(compactions) || !summaryOk) return null;
  return { ok: true, context: { requirements, summary, messages, compactions } as unknown as ContextData };
}

/** groupToolRounds' reading of a transcript: the code it rejected with, or accepted (any list returned). */
function readingOf(outcome: Outcome | undefined): BuildAnswer | null {
  if (outcome?.kind === "threw") return outcome.error.isContextCompactionError && typeof outcome.error.code === "string" ? { ok: false, code: outcome.error.code } : null;
  return outcome?.kind === "returned" && Array.isArray(outcome.value) ? { ok: true, context: {} } : null;
}

function emptyMisses(): UpstreamMisses {
  const none = () => ({ builds: new Map(), compactions: new Map(), settlings: new Map(), options: new Map(), codePoints: new Set<string>(), items: new Map(), groups: new Map(), boundaries: new Map() });
  return { ...none(), asked: none() };
}

/** The plain question of the compaction layer as a scenario (see CompactionQuestion). */
export function plainCompaction(question: CompactionQuestion, withSummary = true): Scenario {
  return {
    operation: {
      kind: "compact",
      context: contextWithRecords(question.context, withSummary),
      prebuilt: false,
      options: question.options,
      summarizer: typeof question.value === "string" ? { kind: "text", text: question.value, delivery: "sync" } : { kind: "value", value: question.value, delivery: "sync" },
      summarizerSlot: "script",
      signal: question.signal,
      abort: question.beforeCall ? "beforeCall" : "none",
    },
  };
}

/** The context with every channel given, its records too (`withSummary` false: no summary, left out rather than null). */
function contextWithRecords(context: ContextData, withSummary = true): Json {
  return { ...(contextOnly(context, withSummary) as { readonly [key: string]: Json }), compactions: (context.compactions ?? []) as unknown as Json };
}

function compactionOf(observation: Observation | undefined): CompactionAnswer | null {
  if (observation === undefined) return null;
  const outcome = observation.outcome;
  const calls = observation.summarizerCalls.length;
  if (outcome.kind === "returned") return { kind: "returns", value: outcome.value, summarizerCalls: calls };
  if (outcome.kind === "threw" && outcome.error.isContextCompactionError && typeof outcome.error.code === "string") return { kind: "throws", codes: [outcome.error.code], summarizerCalls: calls };
  return null;
}
