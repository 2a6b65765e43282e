import fc from "fast-check";
import type { Json } from "../../src/scenario/data";
import type { AbortPoint, SummarizerScript } from "../../src/scenario/scenario";
import { maybeDress, ownThenDress, promiseDress, withDress } from "./promiseDress";

// The hostile async summarizer scripts (issue 4, item 2) as named data, grouped by the
// driver's script kind, and which abort points each can meet: a script that never settles
// only meets an abort that comes before or while it is pending (else nothing ever settles).
// Every native promise a script hands out (as its value, delivered by a thenable, or returned
// by a then) may be dressed (./promiseDress: a shadowed `then`, an odd `constructor`); the
// "dressedPromise" group always is.

export type AsyncScriptName =
  | "thenableChain"
  | "promiseInThenable"
  | "thenableInPromise"
  | "thenGetterThrows"
  | "thenGetterDelivers"
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
  | "dressedText"
  | "dressedRejection"
  | "thenReturnsProxy"
  | "never";

/**
 * Script names by group, mostly the driver's script kind (a Proxy returned by a then goes with
 * the Proxy around a promise, dressed texts and rejections go together); a group is picked
 * first, so each group is equally common.
 */
export const ASYNC_SCRIPT_KINDS: Readonly<Record<string, readonly AsyncScriptName[]>> = {
  thenableChain: ["thenableChain"],
  nestedPromise: ["promiseInThenable", "thenableInPromise"],
  thenGetterThrows: ["thenGetterThrows", "thenGetterDelivers"],
  thenThrows: ["thenThrowsBeforeResolving", "thenThrowsAfterResolving"],
  thenReturnsRejecting: ["thenReturnsRejectingAtOnce", "thenReturnsRejectingLater"],
  thenableTwice: ["thenableDeliveredTwice", "thenableSelfCycle", "thenableTwoCycle"],
  proxyPromise: ["proxyPromise", "thenReturnsProxy"],
  lockedPromise: ["lockedOwnAccessor", "lockedOwnSubclass", "lockedSubclassSpecies"],
  forgedError: ["forgedLookalike", "forgedInstance"],
  dressedPromise: ["dressedText", "dressedRejection"],
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
  /** The script with a dress drawn from `dress` (none twice as often as one). */
  const dressed = (script: fc.Arbitrary<(text: string) => SummarizerScript>, dress = promiseDress, none = 2) =>
    fc.tuple(script, maybeDress(dress, none)).map(([of, d]) => (text: string) => withDress(of(text), d));
  switch (name) {
    case "thenableChain":
      return chainDepth.map((depth) => (text) => ({ kind: "thenableChain", depth, text }));
    case "promiseInThenable":
      return dressed(thenablesAroundPromise.map((thenables) => (text) => ({ kind: "nestedPromise", shape: "promiseInThenable", thenables, text })));
    case "thenableInPromise":
      return dressed(fc.integer({ min: 1, max: 70 }).map((thenables) => (text) => ({ kind: "nestedPromise", shape: "thenableInPromise", thenables, text })));
    case "thenGetterThrows":
      return s(() => ({ kind: "thenGetterThrows" }));
    case "thenGetterDelivers":
      return s((text) => ({ kind: "thenGetterDelivers", text }));
    case "thenThrowsBeforeResolving":
      return s((text) => ({ kind: "thenThrows", when: "beforeResolving", text }));
    case "thenThrowsAfterResolving":
      return s((text) => ({ kind: "thenThrows", when: "afterResolving", text }));
    // A dressed promise returned by a then is where a rejection leaks: half of them are dressed.
    case "thenReturnsRejectingAtOnce":
      return dressed(s((text) => ({ kind: "thenReturnsRejecting", rejects: "immediately", text })), promiseDress, 1);
    case "thenReturnsRejectingLater":
      return dressed(s((text) => ({ kind: "thenReturnsRejecting", rejects: "later", text })), promiseDress, 1);
    case "thenableDeliveredTwice":
      return s((text) => ({ kind: "thenableTwice", shape: "deliveredTwice", text }));
    case "thenableSelfCycle":
      return s((text) => ({ kind: "thenableTwice", shape: "selfCycle", text }));
    case "thenableTwoCycle":
      return s((text) => ({ kind: "thenableTwice", shape: "twoCycle", text }));
    case "proxyPromise":
      return s((text) => ({ kind: "proxyPromise", text }));
    case "thenReturnsProxy":
      return s((text) => ({ kind: "thenReturnsLocked", where: "proxy", text }));
    case "lockedOwnAccessor":
      return dressed(s((text) => ({ kind: "lockedPromise", lock: "ownAccessor", text })), ownThenDress);
    case "lockedOwnSubclass":
      return dressed(s((text) => ({ kind: "lockedPromise", lock: "ownSubclass", text })), ownThenDress);
    case "lockedSubclassSpecies":
      return dressed(s((text) => ({ kind: "lockedPromise", lock: "subclassSpecies", text })), ownThenDress);
    case "forgedLookalike":
    case "forgedInstance":
      return fc.tuple(fc.constantFrom(...FORGED_CODES), fc.constantFrom("reject", "throw"), maybeDress(promiseDress)).map(([code, delivery, dress]) => () =>
        withDress({ kind: "forgedError", form: name === "forgedLookalike" ? "lookalike" : "instance", code, delivery }, delivery === "reject" ? dress : undefined),
      );
    case "dressedText":
      return promiseDress.map((dress) => (text) => withDress({ kind: "text", text, delivery: "promise" }, dress));
    case "dressedRejection":
      return fc.tuple(promiseDress, fc.constantFrom<Json>("boom", { name: "ContextCompactionError", code: "CONTEXT_CANCELLED" })).map(([dress, value]) => () => withDress({ kind: "reject", value }, dress));
    case "never":
      return dressed(s(() => ({ kind: "never" })));
  }
}

/** Levels of adoption the script asks of the subject, when it is a chain (for depth labels). */
export function adoptionLevels(script: SummarizerScript): number | null {
  const f = script as { [k: string]: unknown };
  if (script.kind === "thenableChain") return f.depth as number;
  if (script.kind === "nestedPromise") return f.shape === "thenableInPromise" ? 1 : (f.thenables as number) + 1;
  return null;
}

/** The group of ASYNC_SCRIPT_KINDS a script name belongs to (its "async:<group>" label). */
export function asyncGroupOf(name: AsyncScriptName): string {
  for (const [group, names] of Object.entries(ASYNC_SCRIPT_KINDS)) if (names.includes(name)) return group;
  throw new Error(`generators: async script ${name} is in no group`);
}
