// One differential scenario, generated from a seed the same way for every implementation: a
// context (valid, or with one fault), an operation (build, units, groups, boundary or compact)
// with its options and summarizer script, and everything observable about the call as JSON:
// the answer or the error code, frozenness, identity of built contexts, getter and trap calls,
// the summarizer's calls and request, then calls, unhandled rejections, the input afterwards.
import * as core from "../../../src/core/index";
import type { Impl } from "../_kit/impl";
import { countingUnhandled, errorView, settle, sync, view, type Outcome } from "../_witness/observe";
import { clone, plant, type Probe } from "./faults";
import { context, resetIds, type Plain } from "./gen-context";
import { budgets, compactOptions, plantOption } from "./gen-options";
import { rng, type Rng } from "./rng";
import { ABORTS, KINDS, script, type Counts } from "./summarizers";

export type Result = { label: string; outcome: Outcome };

function deepFrozen(value: unknown, seen = new Set<object>()): boolean {
  if (typeof value !== "object" || value === null || seen.has(value)) return true;
  seen.add(value);
  if (!Object.isFrozen(value)) return false;
  return Object.keys(value).every((key) => deepFrozen((value as Record<string, unknown>)[key], seen));
}

const contextView = (m: Impl) => (value: unknown) => ({
  context: view(value),
  deepFrozen: deepFrozen(value),
  sameWhenRebuilt: sync(() => m.buildActiveContext(value) === value),
});

function groupsView(value: unknown): Outcome {
  const groups = value as { kind: string; startIndex: number; endIndex: number; messages: { id: string }[] }[];
  // (s22) A group whose messages is not a list is shown as such, not read as one.
  const ids = (list: unknown) => (Array.isArray(list) ? (list as { id: string }[]).map((x) => x.id).join(",") : `<not a list: ${typeof list}>`);
  return { groups: groups.map((g) => [g.kind, g.startIndex, g.endIndex, ids(g.messages)]), deepFrozen: deepFrozen(groups) };
}

function secondArgument(signal: unknown, caller: unknown): string {
  if (signal === caller && caller !== undefined) return "caller's signal";
  if (signal === undefined) return "undefined";
  if (signal instanceof AbortSignal) return signal.aborted ? "another aborted signal" : "a fresh signal";
  return `other: ${typeof signal}`;
}

/** The units of the clean input per the reference (used to choose options; the same for every implementation). */
type Facts = { clean: Plain; units: number; messages: number; records: string[] };

function referenceFacts(clean: Plain): Facts {
  const built = core.buildActiveContext(clean as never);
  return { clean, units: core.estimateContextUnits(built), messages: built.messages.length, records: built.compactions.map((r) => r.id) };
}

function referenceBoundary(clean: Plain, options: Plain): number | null {
  return core.selectCompactionBoundary(clean as never, options as never);
}

function summaryText(r: Rng, summaryMax: number, summaryId: string): string {
  const fit = summaryMax - 5 - Array.from(summaryId).length;
  const roll = r.int(6);
  if (roll === 0) return "x".repeat(Math.max(1, fit + 1));
  if (roll === 1) return r.pick([" ", "\u00a0\n", ""]);
  if (roll === 2) return "😀".repeat(Math.max(1, fit));
  return "s".repeat(Math.max(1, Math.min(fit, 1 + r.int(8))));
}

export async function runScenario(seed: number, m: Impl): Promise<Result> {
  resetIds();
  const r = rng(seed);
  const clean = context(r);
  const probe: Probe = { getters: 0, traps: 0 };
  const faulty = r.chance(0.45);
  const planted = faulty ? plant(r, clean, probe) : { label: "valid", input: clone(clean) };
  // A valid input is sometimes first built by the implementation itself: identity and reuse of built contexts.
  const prebuilt = !faulty && r.chance(0.3);
  let input: unknown = planted.input;
  if (prebuilt) {
    try {
      input = m.buildActiveContext(planted.input);
    } catch (error) {
      return { label: `seed ${seed}: prebuild failed`, outcome: { prebuild: errorView(error) } };
    }
  }
  const op = r.pick(["build", "build", "estimate", "groups", "boundary", "compact", "compact", "compact", "compact"] as const);
  const facts = referenceFacts(clean);
  const label = `seed ${seed}: ${planted.label}${prebuilt ? " (prebuilt)" : ""}; ${op}`;
  const before = faulty ? null : view(input);
  const inputAfter = (): Outcome => (faulty ? "n/a" : { unchanged: JSON.stringify(view(input)) === JSON.stringify(before), frozen: Object.isFrozen(input) });

  switch (op) {
    case "build":
      return { label, outcome: { result: sync(() => m.buildActiveContext(input), contextView(m)), probe: { ...probe }, input: inputAfter() } };
    case "estimate":
      return { label, outcome: { result: sync(() => m.estimateContextUnits(input)), probe: { ...probe }, input: inputAfter() } };
    case "groups": {
      const transcript = typeof input === "object" && input !== null && !Array.isArray(input) && "messages" in input ? (input as Plain).messages : input;
      return { label, outcome: { result: sync(() => m.groupToolRounds(transcript), groupsView), probe: { ...probe }, input: inputAfter() } };
    }
    case "boundary": {
      let options: unknown = budgets(r, facts.units, facts.messages);
      let optionLabel = "";
      if (!faulty && r.chance(0.4)) ({ label: optionLabel, options } = plantOption(r, options as Plain, probe, false));
      const shown = optionLabel === "" ? JSON.stringify(view(options)) : "";
      return {
        label: `${label} ${optionLabel} ${shown}`,
        outcome: { result: sync(() => m.selectCompactionBoundary(input, options)), probe: { ...probe }, input: inputAfter() },
      };
    }
    case "compact":
      return compactScenario(r, m, input, faulty, facts, probe, label, inputAfter, prebuilt);
  }
}

async function compactScenario(
  r: Rng,
  m: Impl,
  input: unknown,
  faulty: boolean,
  facts: Facts,
  probe: Probe,
  label: string,
  inputAfter: () => Outcome,
  prebuilt: boolean,
): Promise<Result> {
  // Options whose boundary exists for the clean context, most of the time, so that the
  // summarizer is reached (chosen with the reference: the same for every implementation).
  let base = compactOptions(r, facts.units, facts.messages, facts.records);
  for (let tries = 0; tries < 8 && r.chance(0.85) && referenceBoundary(facts.clean, base) === null; tries++) {
    base = compactOptions(r, facts.units, facts.messages, facts.records);
  }
  const kind = r.pick(KINDS);
  const abort = r.pick(ABORTS);
  const signalChoice = abort !== "none" ? "genuine" : r.pick(["absent", "absent", "undefined", "null", "genuine"] as const);
  const controller = signalChoice === "genuine" ? new AbortController() : null;
  if (abort === "before") controller!.abort();
  const counts: Counts = { then: 0 };
  const text = summaryText(r, base.summaryMaxUnits as number, base.summaryId as string);
  const { summarizer, label: scriptLabel } = script(r, kind, text, abort, controller, counts);
  let calls = 0;
  let request: Outcome = null;
  let second = "not called";
  let secondSignal: unknown = undefined;
  const counted = (req: unknown, signal: unknown) => {
    secondSignal = signal;
    calls++;
    const q = req as Record<string, unknown>;
    request = {
      frozen: Object.isFrozen(q),
      deepFrozen: deepFrozen(q),
      keys: Object.keys(q).sort().join(","),
      boundary: view(q.boundary),
      maxSummaryUnits: view(q.maxSummaryUnits),
      messages: view((q.messages as { id: string }[]).map((x) => x.id)),
      previousSummary: view(q.previousSummary),
      requirements: view(q.requirements),
    };
    second = secondArgument(signal, controller?.signal);
    return summarizer(req, signal);
  };
  let options: unknown = { ...base, summarizer: counted };
  if (signalChoice !== "absent") (options as Plain).signal = signalChoice === "genuine" ? controller!.signal : signalChoice === "null" ? null : undefined;
  let optionLabel = "";
  if (!faulty && r.chance(0.3)) ({ label: optionLabel, options } = plantOption(r, options as Plain, probe, true));
  let raw: { status?: string; context?: unknown } | null = null;
  const { result, unhandled } = await countingUnhandled(async () => {
    let promise: unknown;
    try {
      promise = m.compactContext(input, options);
    } catch (error) {
      return { thrownSynchronously: errorView(error) };
    }
    if (!(promise instanceof Promise)) return { notAPromise: view(promise) };
    return settle(promise, (value) => {
      raw = value as typeof raw;
      return { value: view(value), deepFrozen: deepFrozen(value) };
    });
  });
  // (s22) Without a caller's signal, the summarizer's second argument must still not be aborted once compactContext settled.
  const secondLater = controller === null && secondSignal instanceof AbortSignal && secondSignal.aborted ? "aborted after" : "not aborted";
  // A built context comes back as the very object when unchanged; a compacted one can be compacted again.
  const identity: Outcome = prebuilt && raw !== null ? { sameContext: (raw as { context?: unknown }).context === input } : "n/a";
  let again: Outcome = "n/a";
  if (raw !== null && (raw as { status?: string }).status === "compacted") {
    const next = (raw as { context: unknown }).context;
    const second = { ...base, recordId: "rec-again", summaryId: "s-again", maxUnits: Math.max(1, (base.maxUnits as number) - r.int(30)), summarizer: (req: unknown) => `again ${(req as { boundary: number }).boundary}` };
    again = await countingUnhandled(async () =>
      settle(m.compactContext(next, second), (value) => ({ value: view(value), deepFrozen: deepFrozen(value), sameIfUnchanged: (value as { context: unknown }).context === next })),
    ).then((x) => x.result);
  }
  return {
    label: `${label}; ${scriptLabel}; signal ${signalChoice}; ${optionLabel} text ${JSON.stringify(text).slice(0, 30)} ${JSON.stringify(view({ ...base }))}`,
    outcome: { result, calls, request, second, secondLater, then: counts.then, unhandled, probe: { ...probe }, input: inputAfter(), identity, again },
  };
}
