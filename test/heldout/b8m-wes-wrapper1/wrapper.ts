// Wes's cancellation layer over src/core's compactContext. Two helpers of his own:
// - `guardSummarizer` gives the core a copy of the caller's options (read through descriptors:
//   a getter is copied as a getter, never called) whose summarizer is wrapped, so that an abort
//   made while the summarizer ran stops the compaction "at once";
// - `explainRefusal` rewrites the core's CONTEXT_INVALID_INPUT about options.signal into a message
//   that tells the caller what they passed.
// Anything that is not a plain object with a summarizer of its own is passed on untouched. With
// every flag off the layer passes everything on untouched and changes nothing.
import * as core from "../../../src/core/index";
import { types } from "node:util";
import { isGenuineSignal, readAborted } from "../../../src/core/signal";

export type Flags = ReadonlySet<string>;
type Summarizer = (request: unknown, signal: unknown) => unknown;

const { ContextCompactionError } = core;

/** The caller's options with the summarizer wrapped; the options themselves when Wes cannot copy them. */
function guardSummarizer(options: unknown): unknown {
  if (typeof options !== "object" || options === null || types.isProxy(options) || Array.isArray(options)) return options;
  const proto = Object.getPrototypeOf(options);
  if (proto !== Object.prototype && proto !== null) return options;
  const own = Object.getOwnPropertyDescriptor(options, "summarizer");
  if (own === undefined || !("value" in own) || typeof own.value !== "function") return options;
  const summarizer = own.value as Summarizer;
  const copy = Object.create(proto, Object.getOwnPropertyDescriptors(options)) as object;
  const guarded: Summarizer = (request, signal) => {
    const value = Reflect.apply(summarizer, undefined, [request, signal]);
    // "The caller gave up while the model was writing: stop here, the core will pass it on."
    if (isGenuineSignal(signal) && readAborted(signal as AbortSignal) === true) {
      throw new ContextCompactionError("CONTEXT_CANCELLED", "the signal was aborted while the summarizer ran");
    }
    return value;
  };
  Object.defineProperty(copy, "summarizer", { ...own, value: guarded });
  return copy;
}

/** What the caller passed as options.signal, in words, for the error message. */
function describeSignal(signal: unknown): string {
  const s = signal as { aborted?: unknown; addEventListener?: unknown };
  if (typeof signal === "object" && signal !== null && typeof s.aborted === "boolean" && typeof s.addEventListener === "function") {
    return "options.signal looks like an AbortSignal but is not one: pass controller.signal of an AbortController";
  }
  return `options.signal must be an AbortSignal, not ${signal === null ? "null" : typeof signal}`;
}

/** The core's refusal, with a better message when it is about a signal that is not genuine. */
function explainRefusal(error: unknown, options: unknown): never {
  if (error instanceof ContextCompactionError && error.code === "CONTEXT_INVALID_INPUT" && typeof options === "object" && options !== null && !types.isProxy(options)) {
    const own = Object.getOwnPropertyDescriptor(options, "signal");
    const signal = own !== undefined && "value" in own ? own.value : undefined;
    if (signal !== undefined && signal !== null && !isGenuineSignal(signal)) {
      throw new ContextCompactionError("CONTEXT_INVALID_INPUT", describeSignal(signal));
    }
  }
  throw error;
}

export function compactContextWith(flags: Flags): (input: unknown, options: unknown) => Promise<unknown> {
  return (input, options) => {
    // [planted abort-thrown-from-summarizer-wrapper] an abort seen right after the summarizer returned is thrown from inside the summarizer's wrapper
    const given = flags.has("abort-thrown-from-summarizer-wrapper") ? guardSummarizer(options) : options;
    const result = core.compactContext(input as never, given as never) as Promise<unknown>;
    // [planted fake-signal-probed-for-message] a refused signal is probed (its aborted and addEventListener read) to word the message
    if (!flags.has("fake-signal-probed-for-message")) return result;
    return result.then(undefined, (error: unknown) => explainRefusal(error, options));
  };
}
