import type { Json, Path } from "../scenario/data";
import { acceptedOutcomes, orElse, type Expected } from "../scenario/expected";
import { isControllerSlot, type Decoration, type Operation, type Scenario, type SignalSlot, type SummarizerSlot } from "../scenario/scenario";
import { modelBuild } from "./build";
import { effectOf, type Effect } from "./hostile-effects";
import { inputSite, optionsSite } from "./hostile-sites";
import { CODE } from "./limits";
import { modelBoundaryOptions, modelCompactOptions } from "./options";
import { afterOverflow, overflowPoints, type AfterOverflow } from "./overflow";

// Scenarios with decorations (issue 4): each decoration is turned into its effect on the
// contract's reading (./hostile-effects), the scenario is rewritten into an undecorated one
// with the same answer, and the ordinary model answers it. A rejected input site becomes a
// value no channel accepts, so the existing channel logic gives its code (§3); a rejected
// options site adds CONTEXT_INVALID_INPUT once the context has been built (§6, §7). Input
// decorations after the standalone overflow point of their channel are never read (./overflow).

/** Never valid anywhere: a rejected site reads as this (not an object, number, string or array). */
const POISON: Json = { $cc: "poison" };

type Base = (scenario: Scenario) => Expected;

function inputOf(op: Operation): Json {
  switch (op.kind) {
    case "build":
    case "units":
      return op.input;
    case "groups":
      return op.transcript;
    case "boundary":
    case "compact":
      return op.context;
    default:
      throw new Error(`model: decorations on a ${op.kind} operation are not modelled`);
  }
}

function rootKind(op: Operation): "context" | "transcript" {
  return op.kind === "groups" ? "transcript" : "context";
}

function withInput(op: Operation, input: Json): Operation {
  if (op.kind === "build" || op.kind === "units") return { ...op, input };
  if (op.kind === "groups") return { ...op, transcript: input };
  if (op.kind === "boundary" || op.kind === "compact") return { ...op, context: input };
  throw new Error(`model: decorations on a ${op.kind} operation are not modelled`);
}

/** The data at `path` of `root` (the original input: an alias copies what was there). */
function valueAt(root: Json, path: Path): Json {
  let value: Json | undefined = root;
  for (const key of path) value = (value as Record<string, Json> | undefined)?.[String(key)];
  if (value === undefined) throw new Error(`model: alias path ${JSON.stringify(path)} reaches nothing`);
  return value;
}

function setAt(root: Json, path: Path, value: Json): Json {
  if (path.length === 0) return value;
  const copy = structuredClone(root);
  let parent: Json = copy;
  for (let i = 0; i < path.length - 1; i++) parent = (parent as Record<string, Json>)[String(path[i])]!;
  if (Array.isArray(parent)) parent[Number(path[path.length - 1])] = value;
  else Object.defineProperty(parent, String(path[path.length - 1]), { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** What makes a slot bad (§3 "Slots first"): a hole or an accessor there, seen in the slot's descriptor. */
const SLOT_KINDS: readonly string[] = ["getter", "setterOnly", "hole"];

/**
 * Per decoration: how far it may be read past its channel's overflow point (null: not past
 * one). At a slot that may be checked first, only what the slot's descriptor shows is seen:
 * anything else there (a Proxy around the item, another value) lies in the item, unread.
 */
function inputAfterOverflow(op: Operation, decorations: readonly Decoration[]): AfterOverflow[] {
  const points = overflowPoints(inputOf(op), rootKind(op));
  const rank: AfterOverflow[] = [null, "noCalls", "slot", "unread"];
  return decorations.map((d) => {
    if (d.target !== "input") return null;
    // The strictest reading any overflowing channel imposes.
    const after = points.map((p) => afterOverflow(d.path, p)).reduce<AfterOverflow>((a, b) => (rank.indexOf(b) > rank.indexOf(a) ? b : a), null);
    return after === "slot" && !SLOT_KINDS.includes(d.kind) ? "unread" : after;
  });
}

/** Per decoration: never read at all (an input site inside or after its channel's overflow point). */
function neverReadInput(op: Operation, decorations: readonly Decoration[]): boolean[] {
  return inputAfterOverflow(op, decorations).map((after) => after === "unread");
}

function inputEffect(op: Operation, d: Decoration): Effect {
  return effectOf(d, inputSite(inputOf(op), d.path, rootKind(op)));
}

/** The operation with every read input decoration applied to its data. */
function rewriteInput(op: Operation, decorations: readonly Decoration[]): Operation {
  const unread = neverReadInput(op, decorations);
  // Deepest first, like the driver: a rejected ancestor then hides whatever was below it.
  const order = decorations.map((d, i) => i).filter((i) => decorations[i]!.target === "input" && !unread[i]);
  order.sort((a, b) => decorations[b]!.path.length - decorations[a]!.path.length);
  let input = inputOf(op);
  for (const i of order) {
    const d = decorations[i]!;
    const effect = inputEffect(op, d);
    if (effect.kind === "reject") input = setAt(input, effect.below === undefined ? d.path : [...d.path, effect.below], POISON);
    else if (effect.kind === "substitute") input = setAt(input, d.path, effect.value);
    else if (effect.kind === "alias") input = setAt(input, d.path, valueAt(inputOf(op), d.of as Path));
  }
  return withInput(op, input);
}

type OptionsRewrite = { options: Json; summarizerSlot?: SummarizerSlot; signal?: SignalSlot; rejected: boolean };

function rewriteOptions(op: Extract<Operation, { kind: "boundary" | "compact" }>, decorations: readonly Decoration[]): OptionsRewrite {
  const out: OptionsRewrite = { options: op.options, rejected: false };
  for (const d of decorations) {
    if (d.target !== "options") continue;
    const site = optionsSite(op.options, d.path, op.kind === "compact");
    const effect = effectOf(d, site);
    if (effect.kind === "reject") out.rejected = true;
    if (effect.kind !== "substitute") continue;
    const name = String(d.path[0]);
    if (name === "summarizer") out.summarizerSlot = { value: effect.value };
    else if (name === "signal") out.signal = { value: effect.value };
    else out.options = setAt(out.options, d.path, effect.value);
  }
  return out;
}

/** A decoration that disguises options.signal: a well-behaved Proxy around it, or another prototype (§8). */
export function isSignalDisguise(d: Decoration): boolean {
  return d.target === "options" && d.path.length === 1 && d.path[0] === "signal" && ((d.kind === "proxy" && d.throwingTrap === undefined) || d.kind === "prototype");
}

/** The index of a disguise of the genuine signal (isSignalDisguise), or -1. */
function signalDisguise(scenario: Scenario): number {
  const op = scenario.operation;
  if (op.kind !== "compact" || !isControllerSlot(op.signal)) return -1;
  return (scenario.decorations ?? []).findIndex(isSignalDisguise);
}

const outcomes = (e: Expected): Expected[] => acceptedOutcomes(e);
const reachesSummarizer = (e: Expected): boolean => outcomes(e).some((o) => o.summarizerCalls > 0);

/**
 * §8: a Proxy around a genuine signal (or Object.create of one) works as the signal, or is
 * refused with CONTEXT_INVALID_INPUT before the summarizer is called; a genuine signal whose
 * prototype was replaced is refused so, or fails with CONTEXT_SUMMARIZER_FAILED after at most
 * one summarizer call (what comes before the summarizer is unchanged).
 */
function disguisedSignal(scenario: Scenario, at: number, base: Base): Expected {
  const decorations = scenario.decorations ?? [];
  const refused = decoratedOnce(scenario, base);
  const rest = decorations.filter((_, i) => i !== at);
  const works = rest.length > 0 ? expectedDecorated({ ...scenario, decorations: rest }, base) : base({ operation: scenario.operation });
  if (decorations[at]!.kind === "proxy") return orElse(works, refused);
  if (!reachesSummarizer(works)) return orElse(refused, works);
  return orElse(refused, { kind: "throws", codes: [CODE.summarizerFailed], summarizerCalls: 1 }, { kind: "throws", codes: [CODE.summarizerFailed], summarizerCalls: 0 });
}

/** §8: an accessor or throwing trap on the input's `messages` field is CONTEXT_INVALID_INPUT or CONTEXT_INVALID_TRANSCRIPT. */
function touchesMessagesField(scenario: Scenario): boolean {
  const op = scenario.operation;
  if (op.kind === "groups" || op.kind === "program") return false;
  return (scenario.decorations ?? []).some(
    (d) =>
      d.target === "input" &&
      ((d.path.length === 1 && d.path[0] === "messages" && (d.kind === "getter" || d.kind === "setterOnly")) ||
        (d.path.length === 0 && d.kind === "proxy" && d.throwingTrap === "getOwnPropertyDescriptor" && (d.throwingKey === undefined || d.throwingKey === "messages"))),
  );
}

function eitherChannelCode(e: Expected): Expected {
  const widen = (o: Expected): Expected => {
    if (o.kind !== "throws" || !o.codes.some((c) => c === CODE.invalidInput || c === CODE.invalidTranscript)) return o;
    return { ...o, codes: [...new Set([...o.codes, CODE.invalidInput, CODE.invalidTranscript])] };
  };
  const [first, ...rest] = outcomes(e).map(widen);
  return orElse(first!, ...rest);
}

/** The model's answer for a scenario with decorations. */
export function expectedDecorated(scenario: Scenario, base: Base): Expected {
  const disguise = signalDisguise(scenario);
  if (disguise !== -1) return disguisedSignal(scenario, disguise, base);
  const e = decoratedOnce(scenario, base);
  return touchesMessagesField(scenario) ? eitherChannelCode(e) : e;
}

function decoratedOnce(scenario: Scenario, base: Base): Expected {
  const decorations = scenario.decorations ?? [];
  let op = rewriteInput(scenario.operation, decorations);
  if (op.kind !== "boundary" && op.kind !== "compact") return base({ operation: op });
  const rewrite = rewriteOptions(op, decorations);
  op = { ...op, options: rewrite.options };
  if (op.kind === "compact") {
    if (rewrite.summarizerSlot !== undefined) op = { ...op, summarizerSlot: rewrite.summarizerSlot };
    if (rewrite.signal !== undefined) op = { ...op, signal: rewrite.signal };
  }
  if (!rewrite.rejected) return base({ operation: op });
  // The context is built before the options are read; then the options are not data.
  const built = modelBuild(op.context);
  if (!built.ok) return { kind: "throws", codes: built.codes, summarizerCalls: 0 };
  const check = op.kind === "boundary" ? modelBoundaryOptions(op.options) : modelCompactOptions(op.options, op.summarizerSlot, op.signal);
  const codes = new Set<string>([CODE.invalidInput, ...(check.ok ? [] : check.codes)]);
  return { kind: "throws", codes: [...codes], summarizerCalls: 0 };
}

/**
 * For each decoration of the scenario, how much the contract lets an implementation touch it:
 * "unread" when it is never read (inside an overflowing collection or after a channel's
 * overflow point, §3; an options site of an operation whose context cannot be built, §6),
 * "slot" when only its descriptor in an array reached before the overflow may be read (§3
 * "Slots first"), "noCalls" after the units ceiling (read, but no getter or function called,
 * §8), null when it is read as usual.
 */
export function decorationsAfterOverflow(scenario: Scenario): AfterOverflow[] {
  const decorations = scenario.decorations ?? [];
  const op = scenario.operation;
  const after = inputAfterOverflow(op, decorations);
  if (op.kind !== "boundary" && op.kind !== "compact") return after;
  const contextFails = !modelBuild(inputOf(rewriteInput(op, decorations))).ok;
  return decorations.map((d, i) => (d.target === "options" ? (contextFails ? "unread" : null) : after[i]!));
}

/** For each decoration, whether the contract guarantees it is never read (see decorationsAfterOverflow). */
export function decorationsNeverRead(scenario: Scenario): boolean[] {
  return decorationsAfterOverflow(scenario).map((after) => after === "unread");
}
