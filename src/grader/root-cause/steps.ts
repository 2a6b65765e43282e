import { type Json, isJsonObject } from "../../scenario/data";
import { acceptedOutcomes, type Expected } from "../../scenario/expected";
import type { Observation } from "../../scenario/observation";
import { isControllerSlot, type Operation, type SummarizerScript } from "../../scenario/scenario";
import type { RuleId } from "./rules";
import { CODE } from "../../model/limits";

// Where in compactContext's steps (contract §7) two answers part: each outcome ends at a step
// (a rejection's code and whether the summarizer was called say which; a result is step 2 or
// 8), and the answers depart at the earlier of the two. The rule named is that step's, and at
// step 5 the rule of the kind of value the summarizer's script delivers.

type CompactOperation = Extract<Operation, { kind: "compact" }>;

/** §7 step 6: a summary longer than this many code points → CONTEXT_LIMIT_EXCEEDED. */
const MAX_SUMMARY_POINTS = 65536;

/**
 * The step an outcome ends at: 1 (build, options), 2 (fast path), 3, 5 (the summarizer's value),
 * 6, 7, 8. CONTEXT_LIMIT_EXCEEDED after the summarizer is step 6's for a text of 65536 code
 * points or more (at the edge, the check of its length off by one), and a limit of the new
 * context (step 8) for a text known to be shorter.
 */
function endStep(kind: "returns" | "throws", code: string | null, calls: number, value: Json | null, text: string | null = null): number {
  if (kind === "returns") return isJsonObject(value) && value.status === "unchanged" ? 2 : 8;
  if (calls === 0) {
    if (code === "CONTEXT_CANCELLED" || code === "CONTEXT_BOUNDARY_UNAVAILABLE") return 3;
    if (code === "CONTEXT_SUMMARIZER_FAILED" || code === "CONTEXT_ASYNC_VALUE_UNOBSERVABLE") return 5;
    return 1;
  }
  if (code === "CONTEXT_SUMMARIZER_FAILED" || code === "CONTEXT_ASYNC_VALUE_UNOBSERVABLE" || code === "CONTEXT_CANCELLED") return 5;
  if (code === "CONTEXT_SUMMARY_INVALID" || code === "CONTEXT_SUMMARY_INSUFFICIENT") return 6;
  if (code === "CONTEXT_INVALID_TRANSCRIPT") return 7;
  return code === "CONTEXT_LIMIT_EXCEEDED" && (text === null || [...text].length >= MAX_SUMMARY_POINTS) ? 6 : 8;
}


/** The step of the contract's closest accepted outcome and of the observation, and the codes at stake. */
export function departingStep(observation: Observation, expected: Expected, text: string | null = null): { readonly step: number; readonly contractStep: number; readonly subjectStep: number; readonly contractCode: string | null } {
  const outcome = observation.outcome;
  const code = outcome.kind === "threw" && outcome.error.isContextCompactionError && typeof outcome.error.code === "string" ? outcome.error.code : null;
  // A hang or an escaped error ends nowhere: the contract's step is where it departs.
  const subjectStep = outcome.kind === "returned" ? endStep("returns", null, 0, outcome.value) : code !== null ? endStep("throws", code, observation.summarizerCalls.length, null, text) : 99;
  const steps = acceptedOutcomes(expected).map((e) => ({ step: endStep(e.kind, e.kind === "throws" ? e.codes[0]! : null, e.summarizerCalls, e.kind === "returns" ? e.value : null, text), code: e.kind === "throws" ? e.codes[0]! : null }));
  // The closest accepted outcome; of two as close, the later (the subject agrees with its earlier steps).
  const distance = (s: { readonly step: number }) => Math.abs(s.step - subjectStep);
  const closest = steps.reduce((best, s) => (distance(s) < distance(best) || (distance(s) === distance(best) && s.step > best.step) ? s : best), steps[0]!);
  return { step: Math.min(subjectStep, closest.step), contractStep: closest.step, subjectStep, contractCode: closest.code };
}

/** Codes of §3 and §6 no check of §7 steps 5-7 gives. */
const BUILD_CODES: ReadonlySet<string> = new Set([CODE.invalidTranscript, CODE.invalidInput, CODE.invalidBudget, CODE.boundaryUnavailable]);

/** Whether the subject called the summarizer more often than every outcome the contract accepts, which call it once. */
export function calledAgain(observation: Observation, expected: Expected): boolean {
  const most = Math.max(...acceptedOutcomes(expected).map((e) => e.summarizerCalls));
  return most >= 1 && observation.summarizerCalls.length > most;
}

/** The rule of §7 step 5 for the kind of value a script delivers. */
export function scriptRule(script: SummarizerScript): RuleId {
  const fields = script as { readonly [field: string]: Json };
  switch (script.kind) {
    case "throw":
    case "reject":
      return "step5.rejection";
    case "never":
      return "step5.abort";
    case "thenableChain":
      return typeof fields.depth === "number" && fields.depth >= 64 ? "step5.depth" : "step5.thenable";
    case "nestedPromise":
      return typeof fields.thenables === "number" && fields.thenables >= 63 ? "step5.depth" : "step5.thenable";
    case "thenThrows":
      // A then that throws after it resolved tests the resolvers: the first call wins, a throw after it is ignored.
      return fields.when === "afterResolving" ? "step5.resolvers" : "step5.thenable";
    case "thenGetterThrows":
    case "thenGetterDelivers":
      return "step5.thenable";
    case "lateThenable":
      // A then that returns a string before it delivers the text: what a then returns is not the value.
      return fields.shape === "returnsTextThenResolves" ? "step5.thenReturns" : "step5.thenable";
    case "resolversMisused":
      return "step5.resolvers";
    case "undefinedDelivered":
      // A then that delivers undefined: a fulfilment adopted one level deeper (step 5), whatever step 6 then says of it.
      return "step5.thenable";
    case "thenableTwice":
    case "promiseReachedAgain":
      return "step5.reachedTwice";
    case "thenReturnsRejecting":
    case "thenReturnsLocked":
      return "step5.thenReturns";
    case "proxyPromise":
    case "proxyValue":
      return "step5.proxy";
    case "lockedPromise":
    case "promiseLookupThrows":
    case "redefinedPromiseGlobal":
      return "step5.nativePromise";
    case "forgedError":
      return "step5.forged";
    default:
      // text and value: a native promise when delivered through one (or dressed), else the value itself.
      if (fields.dress !== undefined || fields.delivery === "promise") return "step5.nativePromise";
      return typeof fields.text === "string" || typeof fields.value === "string" ? "step5.settles" : "step6.notString";
  }
}

/** The code a script's thrown or rejected value carries, when it looks like a ContextCompactionError (a caller's forgery). */
function forgedCode(script: SummarizerScript): string | null {
  const fields = script as { readonly [field: string]: Json };
  if (script.kind === "forgedError" && typeof fields.code === "string") return fields.code;
  const v = fields.value;
  return (script.kind === "reject" || script.kind === "throw") && v !== null && typeof v === "object" && !Array.isArray(v) && typeof v.code === "string" ? v.code : null;
}

/** Whether the scenario's signal is aborted while the summarizer's value is awaited (step 5). */
export function abortWhileWaiting(op: CompactOperation): boolean {
  const controlled = isControllerSlot(op.signal);
  return controlled && (op.abort === "inSummarizer" || op.abort === "whilePending" || op.abort === "atSettlement");
}

/**
 * The contract accepts CONTEXT_CANCELLED or another outcome (an abort racing the value): an
 * answer that is neither departs on the value, not on the abort.
 */
function abortOptional(expected: Expected): boolean {
  const accepted = acceptedOutcomes(expected);
  return accepted.some((e) => e.kind === "throws" && e.codes.includes("CONTEXT_CANCELLED")) && accepted.some((e) => e.kind === "returns" || e.codes.some((c) => c !== "CONTEXT_CANCELLED"));
}

/** The text a script delivers when it names one. */
export function scriptText(script: SummarizerScript): string | null {
  const fields = script as { readonly [field: string]: Json };
  return typeof fields.text === "string" ? fields.text : typeof fields.value === "string" ? fields.value : null;
}

/**
 * The rule of §7 a compaction's departure breaks, by the step where the answers part: step 2
 * the fast path; step 3 by the code; step 5 the script's kind (or the abort); step 6 by the
 * code and the text; step 8 the result. Step 1 (build, options) is the layers' (null here).
 */
export function compactRule(op: CompactOperation, observation: Observation, expected: Expected): RuleId | null {
  const { step, contractStep, contractCode } = departingStep(observation, expected, scriptText(op.summarizer));
  // The summarizer called again where the contract calls it once (a retry after a failure or a
  // refused summary): step 4's "once", whatever the calls then answered and whichever script.
  if (calledAgain(observation, expected)) return "step4.request";
  // A hang or an error that is no ContextCompactionError: at step 5 when the contract calls the summarizer.
  const outcome = observation.outcome;
  if (outcome.kind === "timeout" || outcome.kind === "crash" || (outcome.kind === "threw" && !outcome.error.isContextCompactionError)) {
    if (abortWhileWaiting(op) && (outcome.kind === "timeout" || contractCode === "CONTEXT_CANCELLED")) return "step5.abort";
    // The forged value itself passed on: its code reaches the caller, as when it is rethrown as one.
    if (outcome.kind === "threw" && typeof outcome.error.code === "string" && outcome.error.code === forgedCode(op.summarizer)) return "step5.forged";
    if (contractStep >= 5) return scriptRule(op.summarizer);
  }
  const subjectCode = observation.outcome.kind === "threw" && typeof observation.outcome.error.code === "string" ? observation.outcome.error.code : null;
  const codeAt = contractStep === step ? contractCode : subjectCode;
  switch (step) {
    case 1:
      return null;
    case 2:
      return "step2.fastPath";
    case 3:
      return codeAt === "CONTEXT_CANCELLED" ? "step3.cancelled" : codeAt === "CONTEXT_BOUNDARY_UNAVAILABLE" ? "step3.boundary" : "step3.recordId";
    case 5:
      if (subjectCode !== null && subjectCode === forgedCode(op.summarizer)) return "step5.forged";
      if ((codeAt === "CONTEXT_CANCELLED" && !abortOptional(expected)) || (observation.outcome.kind === "timeout" && abortWhileWaiting(op))) return "step5.abort";
      return scriptRule(op.summarizer);
    case 6:
    case 7: {
      // Refused, once the summarizer was called, with a code no check of steps 5-7 gives (the
      // transcript's, the input's, the budgets', the boundary's): no check of the summary, but a
      // check of the result the submission builds (step 8), whichever summary check it meets.
      if (subjectCode !== null && observation.summarizerCalls.length > 0 && BUILD_CODES.has(subjectCode)) return "step8.result";
      if (step === 7) return "step6.size";
      // A script that delivers text, refused as no string; or the reverse, a script that names a
      // text whose value the contract refuses as no string (a resolve(undefined) before the text),
      // taken otherwise: what was delivered was observed otherwise (step 5).
      const refusedAsNoString = subjectCode === "CONTEXT_SUMMARY_INVALID" && contractCode !== "CONTEXT_SUMMARY_INVALID";
      const takenAsString = contractStep === 6 && contractCode === "CONTEXT_SUMMARY_INVALID" && subjectCode !== "CONTEXT_SUMMARY_INVALID";
      if ((refusedAsNoString || takenAsString) && scriptText(op.summarizer) !== null) {
        const delivered = scriptRule(op.summarizer);
        // (A text returned as it is, refused: the check of step 6 itself.)
        if (delivered !== "step5.settles" && delivered !== "step6.notString") return delivered;
      }
      if (codeAt === "CONTEXT_SUMMARY_INVALID") return "step6.notString";
      if (codeAt === "CONTEXT_LIMIT_EXCEEDED") return "step6.tooLong";
      const text = scriptText(op.summarizer);
      return text !== null && text.trim().length === 0 ? "step6.blank" : "step6.size";
    }
    default:
      return "step8.result";
  }
}
