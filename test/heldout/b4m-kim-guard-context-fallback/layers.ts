// Kim's layers over src/core's exported functions (a wrapper): a guard that reports a failed
// reflective read of the input as the input's fault, a groupToolRounds that also takes a
// context, and a compactContext that falls back to the context as it was when the summary is
// unusable. Each layer is one planted mistake.
import type { MistakeDef } from "../_kit/assemble";
import type { Impl } from "../_kit/impl";
import { ContextCompactionError } from "../../../src/core/index";

const freeze = Object.freeze;

/**
 * [planted trap-fault-as-input-code] Kim's reader guard: a Proxy trap that throws while the
 * input is read is "the input is broken", CONTEXT_INVALID_INPUT, wherever it was met (the
 * reference tells a trap's failure by its "reading … threw" message).
 */
function guarded(error: unknown): unknown {
  if (error instanceof ContextCompactionError && error.code === "CONTEXT_INVALID_TRANSCRIPT" && /^(.*: )?reading .* threw$/.test(error.message)) {
    return new ContextCompactionError("CONTEXT_INVALID_INPUT", `the input could not be read (${error.message})`);
  }
  return error;
}

function sync<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  return (...args) => {
    try {
      return fn(...args);
    } catch (error) {
      throw guarded(error);
    }
  };
}

const trapFaultAsInputCode: MistakeDef = {
  layer: (base: Impl): Impl => ({
    buildActiveContext: sync(base.buildActiveContext),
    estimateContextUnits: sync(base.estimateContextUnits),
    groupToolRounds: sync(base.groupToolRounds),
    selectCompactionBoundary: sync(base.selectCompactionBoundary),
    compactContext: (input, options) =>
      base.compactContext(input, options).catch((error: unknown) => {
        throw guarded(error);
      }),
  }),
};

/**
 * [planted context-accepted-as-transcript] groupToolRounds also takes a context: any object
 * that is not an array is built as one (a missing messages channel meaning []) and its messages
 * grouped.
 */
const contextAcceptedAsTranscript: MistakeDef = {
  layer: (base: Impl): Impl => ({
    ...base,
    groupToolRounds: (transcript) => {
      if (typeof transcript === "object" && transcript !== null && !Array.isArray(transcript)) {
        return base.groupToolRounds((base.buildActiveContext(transcript) as { messages: unknown }).messages);
      }
      return base.groupToolRounds(transcript);
    },
  }),
};

/**
 * [planted unusable-summary-unchanged] a summary that step 6 refuses (not text, blank, above
 * summaryMaxUnits) is taken as "nothing could be compacted": the context is resolved unchanged.
 */
const unusableSummaryUnchanged: MistakeDef = {
  layer: (base: Impl): Impl => ({
    ...base,
    compactContext: (input, options) =>
      base.compactContext(input, options).catch((error: unknown) => {
        if (error instanceof ContextCompactionError && (error.code === "CONTEXT_SUMMARY_INVALID" || error.code === "CONTEXT_SUMMARY_INSUFFICIENT")) {
          return freeze({ status: "unchanged", context: base.buildActiveContext(input), record: null });
        }
        throw error;
      }),
  }),
};

export const DEFS: Readonly<Record<string, MistakeDef>> = {
  "trap-fault-as-input-code": trapFaultAsInputCode,
  "context-accepted-as-transcript": contextAcceptedAsTranscript,
  "unusable-summary-unchanged": unusableSummaryUnchanged,
};
