import fc from "fast-check";
import type { AbortPoint, SummarizerScript } from "../../src/scenario/scenario";

// The hostile async summarizer scripts (issue 4, item 2) as named data, grouped by the
// driver's script kind, and which abort points each can meet: a script that never settles
// only meets an abort that comes before or while it is pending (else nothing ever settles).

export type AsyncScriptName =
  | "thenableChain"
  | "promiseInThenable"
  | "thenableInPromise"
  | "thenGetterThrows"
  | "thenThrowsBeforeResolving"
  | "thenThrowsAfterResolving"
  | "thenReturnsRejectingAtOnce"
  | "thenReturnsRejectingLater"
  | "thenableDeliveredTwice"
  | "thenableSelfCycle"
  | "thenableTwoCycle"
  | "proxyPromise"
  | "lockedOwnAccessor"
  | "lockedOwnSubclass"
  | "lockedSubclassSpecies"
  | "forgedLookalike"
  | "forgedInstance"
  | "never";

/** Script names by driver kind; a kind is picked first, so each kind is equally common. */
export const ASYNC_SCRIPT_KINDS: Readonly<Record<string, readonly AsyncScriptName[]>> = {
  thenableChain: ["thenableChain"],
  nestedPromise: ["promiseInThenable", "thenableInPromise"],
  thenGetterThrows: ["thenGetterThrows"],
  thenThrows: ["thenThrowsBeforeResolving", "thenThrowsAfterResolving"],
  thenReturnsRejecting: ["thenReturnsRejectingAtOnce", "thenReturnsRejectingLater"],
  thenableTwice: ["thenableDeliveredTwice", "thenableSelfCycle", "thenableTwoCycle"],
  proxyPromise: ["proxyPromise"],
  lockedPromise: ["lockedOwnAccessor", "lockedOwnSubclass", "lockedSubclassSpecies"],
  forgedError: ["forgedLookalike", "forgedInstance"],
  never: ["never"],
};

export const ASYNC_SCRIPT_NAMES: readonly AsyncScriptName[] = Object.values(ASYNC_SCRIPT_KINDS).flat();

export const ABORT_POINTS: readonly AbortPoint[] = ["none", "beforeCall", "inSummarizer", "whilePending", "atSettlement", "afterSettlement"];

const PENDING_ABORTS: readonly AbortPoint[] = ["beforeCall", "inSummarizer", "whilePending"];

export function abortsFor(name: AsyncScriptName): readonly AbortPoint[] {
  return name === "never" ? PENDING_ABORTS : ABORT_POINTS;
}

const FORGED_CODES = ["CONTEXT_CANCELLED", "CONTEXT_INVALID_INPUT", "CONTEXT_BOUNDARY_UNAVAILABLE", "CONTEXT_ASYNC_VALUE_UNOBSERVABLE"];

/** Levels 0–70 with the edge (63, 64, 65) and both ends weighted up. */
const chainDepth = fc.oneof(fc.constantFrom(0, 1, 63, 64, 65, 70), fc.integer({ min: 0, max: 70 }));
/** Thenables around a native promise: levels = thenables + 1, so 63/64 meet the edge. */
const thenablesAroundPromise = fc.oneof(fc.constantFrom(1, 63, 64), fc.integer({ min: 1, max: 69 }));

/**
 * The script for `name`, as a function of the `text` it delivers where it delivers anything:
 * its other draws are made before the text is known, so the text can be fitted to a budget
 * afterwards by `.map` (never a `.chain`).
 */
export function asyncScriptOf(name: AsyncScriptName): fc.Arbitrary<(text: string) => SummarizerScript> {
  const s = (script: (text: string) => SummarizerScript) => fc.constant(script);
  switch (name) {
    case "thenableChain":
      return chainDepth.map((depth) => (text) => ({ kind: "thenableChain", depth, text }));
    case "promiseInThenable":
      return thenablesAroundPromise.map((thenables) => (text) => ({ kind: "nestedPromise", shape: "promiseInThenable", thenables, text }));
    case "thenableInPromise":
      return fc.integer({ min: 1, max: 70 }).map((thenables) => (text) => ({ kind: "nestedPromise", shape: "thenableInPromise", thenables, text }));
    case "thenGetterThrows":
      return s(() => ({ kind: "thenGetterThrows" }));
    case "thenThrowsBeforeResolving":
      return s((text) => ({ kind: "thenThrows", when: "beforeResolving", text }));
    case "thenThrowsAfterResolving":
      return s((text) => ({ kind: "thenThrows", when: "afterResolving", text }));
    case "thenReturnsRejectingAtOnce":
      return s((text) => ({ kind: "thenReturnsRejecting", rejects: "immediately", text }));
    case "thenReturnsRejectingLater":
      return s((text) => ({ kind: "thenReturnsRejecting", rejects: "later", text }));
    case "thenableDeliveredTwice":
      return s((text) => ({ kind: "thenableTwice", shape: "deliveredTwice", text }));
    case "thenableSelfCycle":
      return s((text) => ({ kind: "thenableTwice", shape: "selfCycle", text }));
    case "thenableTwoCycle":
      return s((text) => ({ kind: "thenableTwice", shape: "twoCycle", text }));
    case "proxyPromise":
      return s((text) => ({ kind: "proxyPromise", text }));
    case "lockedOwnAccessor":
      return s((text) => ({ kind: "lockedPromise", lock: "ownAccessor", text }));
    case "lockedOwnSubclass":
      return s((text) => ({ kind: "lockedPromise", lock: "ownSubclass", text }));
    case "lockedSubclassSpecies":
      return s((text) => ({ kind: "lockedPromise", lock: "subclassSpecies", text }));
    case "forgedLookalike":
    case "forgedInstance":
      return fc.tuple(fc.constantFrom(...FORGED_CODES), fc.constantFrom("reject", "throw")).map(([code, delivery]) => () => ({
        kind: "forgedError",
        form: name === "forgedLookalike" ? "lookalike" : "instance",
        code,
        delivery,
      }));
    case "never":
      return s(() => ({ kind: "never" }));
  }
}

/** Levels of adoption the script asks of the subject, when it is a chain (for depth labels). */
export function adoptionLevels(script: SummarizerScript): number | null {
  const f = script as { [k: string]: unknown };
  if (script.kind === "thenableChain") return f.depth as number;
  if (script.kind === "nestedPromise") return f.shape === "thenableInPromise" ? 1 : (f.thenables as number) + 1;
  return null;
}
