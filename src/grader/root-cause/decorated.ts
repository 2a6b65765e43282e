import { expectedFor } from "../../model/index";
import { withoutUpstream } from "../../model/upstream";
import type { Json } from "../../scenario/data";
import { acceptedOutcomes, type Expected } from "../../scenario/expected";
import type { Observation } from "../../scenario/observation";
import type { Decoration, Operation, Scenario } from "../../scenario/scenario";
import { decorationLine, value } from "../report/notation";
import { judge } from "../run/judge";
import { outcomeAccepted } from "./accepts";
import { CODE } from "../../model/limits";
import { EMPTY_CONTEXT } from "./options";
import type { Host } from "../../scenario/host";
import { isAccessorCounter } from "./facts";
import type { UpstreamProbe } from "./probe";
import type { Difference, Failure, Recheck } from "./differences";

// The build and options layers for inputs and options with decorations (getters, proxies, null
// prototypes, values no JSON has): the subject's own reading of the decorated input, asked as
// buildActiveContext (groupToolRounds for a transcript) of that very input with its
// decorations, and of decorated options, asked as the same operation with them on an empty
// context (as ./options asks plain options). The plain questions cannot ask them: the
// decorations are the point. A failure is put under "build" when
// the subject reads the input otherwise than the contract (another outcome, or other calls into
// the input's getters, setters, functions or proxy traps than the reference core's reading) and
// - the failing call is that very reading (a build or groups call: the property checks it); or
// - a later operation over the input rejected it with the code the reading gave; or
// - judged again with the operation's expected answer computed over the subject's built
//   context (as plain data), and the calls into the input its reading made taken as its own
//   (the reference's reading's calls instead), the property passes.

export async function decoratedReading(failure: Failure, probe: UpstreamProbe, reference: Host | null): Promise<Recheck | null> {
  const input = await reading(failure, probe, reference, "input");
  if (input !== null) return { ...input, reading: "input" };
  const options = await reading(failure, probe, reference, "options");
  return options === null ? null : { ...options, reading: "options" };
}

async function reading(failure: Failure, probe: UpstreamProbe, reference: Host | null, target: Decoration["target"]): Promise<Recheck | null> {
  const { scenario, observation } = failure;
  const all = scenario.decorations ?? [];
  const decorations = all.filter((d) => d.target === target);
  const op = scenario.operation;
  // Plain data has its plain questions (the build and options layers), which take only a value
  // or a ContextCompactionError as an answer: here, a plain input or options are asked only of
  // a failure that is that very reading, or that threw something else.
  const escaped = observation.outcome.kind === "threw" && !observation.outcome.error.isContextCompactionError;
  const sameCall = target === "input" && (op.kind === "build" || op.kind === "groups");
  if (decorations.length === 0 && !escaped && !sameCall) return null;
  const question = target === "input" ? readingOf(op, decorations) : optionsReadingOf(op, decorations);
  if (question === null) return null;
  const layer = target === "input" ? "build" : "options";
  const own = sameCall ? observation : await probe.observe(question);
  if (own === undefined || !answered(own)) return null;
  // The options are asked on an empty context, where no boundary is found: a throw of
  // CONTEXT_BOUNDARY_UNAVAILABLE there (selectCompactionBoundary answers null) is the subject's
  // boundary, not its reading of the options.
  if (target === "options" && own.outcome.kind === "threw" && own.outcome.error.isContextCompactionError && own.outcome.error.code === CODE.boundaryUnavailable) return null;
  const contract = withoutUpstream(() => expectedFor(question));
  // The calls the contract's reading makes into the input (proxy traps: it reads through them), as the reference core makes them.
  const contractCalls = reference === null ? {} : accessorCalls((await reference.observe(question)).hostile);
  const ownCalls = accessorCalls(own.hostile);
  const sameCalls = sameCounts(ownCalls, contractCalls);
  if (outcomeAccepted(own, contract) && sameCalls) return null;
  // Groups returned where the contract returns groups, read with the contract's calls: the
  // transcript was read, and the groups are the departure (§5), not the reading.
  if (op.kind === "groups" && sameCall && sameCalls && own.outcome.kind === "returned" && acceptedOutcomes(contract).some((e) => e.kind === "returns")) return null;
  const difference = readingDifference(layer, question, own, contract, sameCalls ? null : { own: ownCalls, contract: contractCalls });
  // Judged again with `expected`, the calls into the input the reading made taken as the reference's reading's.
  const rejudged = (expected: Expected): Recheck | null => {
    const patched: Observation = { ...observation, hostile: plus(minus(observation.hostile, ownCalls), contractCalls) };
    return withoutUpstream(() => judge(failure.def, { scenario, observation: patched, expected, reference: null })).ok ? { layer, how: "recheck", differences: [difference] } : null;
  };
  if (sameCall) {
    // The property checks this very reading: another outcome, or a call the contract never makes
    // (a getter, setter or function), is its failure. Proxy traps read otherwise (how many times
    // is not all fixed): only when the property passes with the reference's calls instead.
    if (!outcomeAccepted(own, contract) || FORBIDDEN.some((name) => (ownCalls[name] ?? 0) > 0)) return { layer, how: "direct", differences: [difference] };
    return rejudged(contract);
  }
  const outcome = observation.outcome;
  if (own.outcome.kind === "threw") {
    const theirs = own.outcome.error;
    const same = outcome.kind === "threw" && outcome.error.isContextCompactionError === theirs.isContextCompactionError && outcome.error.code === theirs.code && outcome.error.name === theirs.name && observation.summarizerCalls.length === 0;
    return same ? { layer, how: "accepted", differences: [difference] } : null;
  }
  if (own.outcome.kind !== "returned") return null;
  // Input: the operation over the subject's built context, as plain data. Options: the
  // options read as plain data (the subject accepted them as such).
  const rebuilt: Scenario = target === "input" ? { operation: withInput(op, own.outcome.value), decorations: all.filter((d) => d.target !== "input") } : { operation: op, decorations: all.filter((d) => d.target !== "options") };
  return rejudged(withoutUpstream(() => expectedFor(rebuilt)));
}

/** The options' reading: the same operation, options and decorations on an empty context (./options). */
function optionsReadingOf(op: Operation, decorations: readonly Decoration[]): Scenario | null {
  if (op.kind === "boundary") return withDecorations({ ...op, context: EMPTY_CONTEXT, prebuilt: false }, decorations);
  if (op.kind === "compact") return withDecorations({ ...op, context: EMPTY_CONTEXT, prebuilt: false, abort: "none" }, decorations);
  return null;
}

function withDecorations(operation: Operation, decorations: readonly Decoration[]): Scenario {
  return decorations.length === 0 ? { operation } : { operation, decorations };
}

/** The reading question: the same input with its decorations, built (or grouped). */
function readingOf(op: Operation, decorations: readonly Decoration[]): Scenario | null {
  switch (op.kind) {
    case "build":
    case "units":
      return withDecorations({ kind: "build", input: op.input }, decorations);
    case "boundary":
    case "compact":
      return withDecorations({ kind: "build", input: op.context }, decorations);
    case "groups":
      return withDecorations({ kind: "groups", transcript: op.transcript }, decorations);
    default:
      return null;
  }
}

function withInput(op: Operation, input: Json): Operation {
  if (op.kind === "units") return { ...op, input };
  if (op.kind === "boundary" || op.kind === "compact") return { ...op, context: input };
  return op;
}

/** A value or a throw: an answer (not a crash nor a hang). */
function answered(observation: Observation): boolean {
  return observation.outcome.kind === "returned" || observation.outcome.kind === "threw";
}

/** Calls the contract never makes into the input (§3). */
const FORBIDDEN: readonly string[] = ["getter", "setter", "function"];

/** Calls into the input's getters, setters, functions and proxy traps, by counter. */
function accessorCalls(counts: Readonly<Record<string, number>>): Readonly<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, n] of Object.entries(counts)) if (isAccessorCounter(name) && n > 0) out[name] = n;
  return out;
}

function sameCounts(a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>): boolean {
  const names = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...names].every((name) => (a[name] ?? 0) === (b[name] ?? 0));
}

function plus(counts: Readonly<Record<string, number>>, more: Readonly<Record<string, number>>): Readonly<Record<string, number>> {
  const out: Record<string, number> = { ...counts };
  for (const [name, n] of Object.entries(more)) out[name] = (out[name] ?? 0) + n;
  return out;
}

function countsText(counts: Readonly<Record<string, number>>): string {
  return Object.entries(counts).map(([name, n]) => `${name} ×${n}`).join(", ") || "none";
}

/** Counts of the call less those of the reading (never below 0): calls the reading explains. */
function minus(counts: Readonly<Record<string, number>>, reading: Readonly<Record<string, number>>): Readonly<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, n] of Object.entries(counts)) out[name] = Math.max(0, n - (reading[name] ?? 0));
  return out;
}

function readingDifference(layer: "build" | "options", question: Scenario, own: Observation, contract: Expected, calls: { readonly own: Readonly<Record<string, number>>; readonly contract: Readonly<Record<string, number>> } | null): Difference {
  const op = question.operation;
  const input = op.kind === "build" ? op.input : op.kind === "groups" ? op.transcript : op.kind === "boundary" || op.kind === "compact" ? op.options : null;
  const name = op.kind === "groups" ? "groupToolRounds" : op.kind === "boundary" ? "selectCompactionBoundary" : op.kind === "compact" ? "compactContext" : "buildActiveContext";
  const hostile = (question.decorations ?? []).map((d) => decorationLine(d).trim().replace(/^hostile: /, "")).join("; ") || "no decorations";
  const outcome = own.outcome;
  const thrown = (e: Extract<Observation["outcome"], { kind: "threw" }>["error"]) => (e.isContextCompactionError ? `rejects with ${String(e.code)}` : `throws ${e.isError ? `an Error (${String(e.name)})` : `a ${e.typeOf}`}, not a ContextCompactionError`);
  const subject = (outcome.kind === "returned" ? `returns ${value(outcome.value, 160)}` : outcome.kind === "threw" ? thrown(outcome.error) : outcome.kind) + (calls === null ? "" : `; calls into the input: ${countsText(calls.own)}`);
  const contractText = acceptedOutcomes(contract).map((e) => (e.kind === "returns" ? `returns ${value(e.value, 160)}` : `rejects with ${e.codes.join(" or ")}`)).join(", or ") + (calls === null ? "" : `; calls into the input: ${countsText(calls.contract)}`);
  const args = layer === "build" ? value(input, 120) : `an empty context, ${value(input, 120)}`;
  return { layer, question: `${name}(${args}) with ${hostile}`, subject, contract: contractText, about: { kind: "reading", target: layer === "build" ? "input" : "options", question, own, contract, calls } };
}
