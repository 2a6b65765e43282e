// One mistake (wrapper): on cancellation the student calls `signal.throwIfAborted()`, so the
// promise rejects with the signal's reason (an AbortError DOMException, or whatever was passed
// to abort) instead of a ContextCompactionError with code CONTEXT_CANCELLED.
import { maker } from "../_kit/assemble";
import { dataField } from "../_kit/data";
import { hasCode } from "../_kit/impl";
import { remapRejection } from "../_kit/layers";
import { abortedOf, reasonOf } from "../_kit/signal";

export const make = maker({
  "abort-reason-thrown": {
    layer: (base) =>
      remapRejection(base, (error, options) => {
        const signal = dataField(options, "signal");
        return hasCode(error, "CONTEXT_CANCELLED") && abortedOf(signal) === true ? reasonOf(signal) : null;
      }),
  },
});
