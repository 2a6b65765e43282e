// One mistake (wrapper): on cancellation the student calls `signal.throwIfAborted()`, so the
// promise rejects with the signal's reason (an AbortError DOMException, or whatever was passed
// to abort) instead of a ContextCompactionError with code CONTEXT_CANCELLED.
import { maker } from "../_kit/assemble";
import { dataField } from "../_kit/data";
import { hasCode, type Impl } from "../_kit/impl";
import { abortedOf, reasonOf } from "../_kit/signal";

function layer(base: Impl): Impl {
  return {
    ...base,
    compactContext: async (input, options) => {
      try {
        return await base.compactContext(input, options);
      } catch (error) {
        const signal = dataField(options, "signal");
        if (hasCode(error, "CONTEXT_CANCELLED") && abortedOf(signal) === true) throw reasonOf(signal);
        throw error;
      }
    },
  };
}

export const make = maker({ "abort-reason-thrown": { layer } });
