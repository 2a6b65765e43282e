import type { Json, Path } from "../scenario/data";
import type { Expected } from "../scenario/expected";
import type { Decoration, Operation, Scenario, SignalSlot, SummarizerSlot } from "../scenario/scenario";
import { modelBuild } from "./build";
import { effectOf, type Effect } from "./hostile-effects";
import { inputSite, optionsSite } from "./hostile-sites";
import { CODE } from "./limits";
import { modelBoundaryOptions, modelCompactOptions } from "./options";
import { isAfterOverflow, overflowPoints } from "./overflow";

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

function setAt(root: Json, path: Path, value: Json): Json {
  if (path.length === 0) return value;
  const copy = structuredClone(root);
  let parent: Json = copy;
  for (let i = 0; i < path.length - 1; i++) parent = (parent as Record<string, Json>)[String(path[i])]!;
  if (Array.isArray(parent)) parent[Number(path[path.length - 1])] = value;
  else Object.defineProperty(parent, String(path[path.length - 1]), { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** Per decoration: read or not (an input site after its channel's overflow point is not). */
function neverReadInput(op: Operation, decorations: readonly Decoration[]): boolean[] {
  const points = overflowPoints(inputOf(op), rootKind(op));
  return decorations.map((d) => d.target === "input" && points.some((p) => isAfterOverflow(d.path, p)));
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

/** The model's answer for a scenario with decorations. */
export function expectedDecorated(scenario: Scenario, base: Base): Expected {
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
 * For each decoration of the scenario, whether the contract guarantees it is never read: an
 * input site after its channel's overflow point (§3), or an options site of an operation
 * whose context cannot be built (the context is built before the options are read, §6).
 */
export function decorationsNeverRead(scenario: Scenario): boolean[] {
  const decorations = scenario.decorations ?? [];
  const op = scenario.operation;
  const unread = neverReadInput(op, decorations);
  if (op.kind !== "boundary" && op.kind !== "compact") return unread;
  const contextFails = !modelBuild(inputOf(rewriteInput(op, decorations))).ok;
  return decorations.map((d, i) => (d.target === "options" ? contextFails : unread[i]!));
}
