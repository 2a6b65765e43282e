import { modelBoundaryOptions, modelCompactOptions } from "../../model/index";
import { CODE } from "../../model/limits";
import { withoutUpstream, type OptionsAnswer, type OptionsQuestion } from "../../model/upstream";
import type { Observation } from "../../scenario/observation";
import type { Scenario, SignalSlot, SummarizerSlot } from "../../scenario/scenario";

// The options layer's question (contract §6, §7): does selectCompactionBoundary (or
// compactContext, with the scenario's summarizer and signal slots) accept these options, and
// if not, with which code. It is asked on an empty built context, where accepted options take
// the fast path (compactContext returns it unchanged, with a summarizer that is never called)
// or find no boundary: so a result is an acceptance, and a rejection of options (INVALID_INPUT,
// INVALID_BUDGET, LIMIT_EXCEEDED) before any summarizer call is the code. Anything else is no answer.

/** The empty built context the options questions are asked on (also ./decorated). */
export const EMPTY_CONTEXT = { requirements: [], summary: null, messages: [], compactions: [] };
/** The codes an options check gives (§6, §7). */
export const OPTION_CODES: readonly string[] = [CODE.invalidInput, CODE.invalidBudget, CODE.limitExceeded];

export function optionsScenario(question: OptionsQuestion): Scenario {
  if (question.operation === "boundary") return { operation: { kind: "boundary", context: EMPTY_CONTEXT, prebuilt: false, options: question.options } };
  return {
    operation: {
      kind: "compact",
      context: EMPTY_CONTEXT,
      prebuilt: false,
      options: question.options,
      summarizer: { kind: "text", text: "summary", delivery: "sync" },
      summarizerSlot: question.summarizerSlot as SummarizerSlot,
      signal: question.signal as SignalSlot,
      abort: "none",
    },
  };
}

export function optionsAnswer(observation: Observation | undefined): OptionsAnswer | null {
  if (observation === undefined) return null;
  const outcome = observation.outcome;
  if (outcome.kind === "returned") return { ok: true };
  if (outcome.kind === "threw" && outcome.error.isContextCompactionError && typeof outcome.error.code === "string" && OPTION_CODES.includes(outcome.error.code) && observation.summarizerCalls.length === 0) {
    return { ok: false, code: outcome.error.code };
  }
  return null;
}

/** The contract's check of the options: accepted, or every code it allows. */
export function contractOptions(question: OptionsQuestion): { readonly ok: true } | { readonly ok: false; readonly codes: readonly string[] } {
  return withoutUpstream(() =>
    question.operation === "boundary" ? modelBoundaryOptions(question.options) : modelCompactOptions(question.options, question.summarizerSlot as SummarizerSlot, question.signal as SignalSlot),
  );
}
