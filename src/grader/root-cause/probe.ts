import type { ModelGroup } from "../../model/index";
import type { ContextData, Json } from "../../scenario/data";
import type { Host } from "../../scenario/host";
import type { Scenario } from "../../scenario/scenario";
import type { UnitItemKind, UpstreamAnswers, UpstreamMisses } from "../../model/upstream";

// Asks the subject for its own upstream answers, through the same host (and sandbox) that
// graded it: u(s) of a string (as the difference of estimateContextUnits of a one-message
// context with that string as content and with ""), groupToolRounds of a transcript,
// selectCompactionBoundary of a context. Answers are cached for the whole analysis; a question
// the subject does not answer with a value of the right shape is never asked again and the
// model keeps its own answer there.

/** At most this many calls per analysis: a hostile or huge counterexample cannot stall the report. */
export const MAX_PROBES = 2000;

export class UpstreamProbe {
  readonly codePoints = new Map<string, number>();
  readonly itemUnits = new Map<string, number>();
  readonly groups = new Map<string, readonly ModelGroup[]>();
  readonly boundaries = new Map<string, number | null>();
  private readonly unanswered = new Set<string>();
  private emptyUnits: number | null | undefined = undefined;
  calls = 0;

  constructor(private readonly host: Host) {}

  get exhausted(): boolean {
    return this.calls >= MAX_PROBES;
  }

  /** The cached answers, restricted to the layers enabled. */
  answers(layers: { readonly units: boolean; readonly groups: boolean; readonly boundary: boolean }): UpstreamAnswers {
    return {
      ...(layers.units ? { codePoints: this.codePoints, itemUnits: this.itemUnits } : {}),
      ...(layers.groups ? { groups: this.groups } : {}),
      ...(layers.boundary ? { boundaries: this.boundaries } : {}),
    };
  }

  /** Misses that can still be asked (not asked before and refused). */
  open(misses: UpstreamMisses): number {
    let count = 0;
    for (const s of misses.codePoints) if (!this.unanswered.has(`u:${s}`)) count++;
    for (const key of misses.items.keys()) if (!this.unanswered.has(`i:${key}`)) count++;
    for (const key of misses.groups.keys()) if (!this.unanswered.has(`g:${key}`)) count++;
    for (const key of misses.boundaries.keys()) if (!this.unanswered.has(`b:${key}`)) count++;
    return count;
  }

  async ask(misses: UpstreamMisses): Promise<void> {
    for (const s of misses.codePoints) {
      if (this.unanswered.has(`u:${s}`) || this.exhausted) continue;
      const answer = await this.codePointsOf(s);
      if (answer === null) this.unanswered.add(`u:${s}`);
      else this.codePoints.set(s, answer);
    }
    for (const [key, { kind, item }] of misses.items) {
      if (this.unanswered.has(`i:${key}`) || this.exhausted) continue;
      const answer = await this.itemUnitsOf(kind, item as Json);
      if (answer === null) this.unanswered.add(`i:${key}`);
      else this.itemUnits.set(key, answer);
    }
    for (const [key, transcript] of misses.groups) {
      if (this.unanswered.has(`g:${key}`) || this.exhausted) continue;
      const answer = groupsOf(await this.value({ operation: { kind: "groups", transcript: transcript as Json } }));
      if (answer === null) this.unanswered.add(`g:${key}`);
      else this.groups.set(key, answer);
    }
    for (const [key, { context, options }] of misses.boundaries) {
      if (this.unanswered.has(`b:${key}`) || this.exhausted) continue;
      const answer = await this.value({ operation: { kind: "boundary", context: contextOnly(context), prebuilt: false, options: options as unknown as Json } });
      if (answer === undefined || !(answer === null || Number.isSafeInteger(answer))) this.unanswered.add(`b:${key}`);
      else this.boundaries.set(key, answer as number | null);
    }
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

  private async codePointsOf(s: string): Promise<number | null> {
    if (this.emptyUnits === undefined) this.emptyUnits = unitsValue(await this.value(oneMessage("")));
    if (this.emptyUnits === null) return null;
    const units = unitsValue(await this.value(oneMessage(s)));
    return units === null || units < this.emptyUnits ? null : units - this.emptyUnits;
  }

  /** The returned value, or undefined when the call threw, crashed or timed out. */
  private async value(scenario: Scenario): Promise<Json | undefined> {
    if (this.exhausted) return undefined;
    this.calls++;
    const observation = await this.host.observe(scenario);
    return observation.outcome.kind === "returned" ? observation.outcome.value : undefined;
  }
}

function oneMessage(content: string): Scenario {
  return unitsOf({ messages: [{ id: "m", role: "user", content }] });
}

function unitsOf(input: { [key: string]: Json }): Scenario {
  return { operation: { kind: "units", input, prebuilt: false } };
}

function unitsValue(value: Json | undefined): number | null {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

/** The submission's groups as the model's records, or null when they are not a list of groups. */
function groupsOf(value: Json | undefined): ModelGroup[] | null {
  if (!Array.isArray(value)) return null;
  const groups: ModelGroup[] = [];
  for (const item of value) {
    if (item === null || typeof item !== "object" || Array.isArray(item)) return null;
    const { kind, startIndex, endIndex } = item;
    if ((kind !== "message" && kind !== "toolRound") || !Number.isSafeInteger(startIndex) || !Number.isSafeInteger(endIndex)) return null;
    groups.push({ kind, startIndex: startIndex as number, endIndex: endIndex as number });
  }
  return groups;
}

/** The channels the boundary reads; records are dropped (they cost nothing and do not move the cut). */
function contextOnly(context: ContextData): Json {
  return { requirements: context.requirements ?? [], summary: context.summary ?? null, messages: context.messages ?? [] } as unknown as Json;
}

