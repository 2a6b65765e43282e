// One mistake (wrapper): the student refuses a Proxy found while awaiting the summary with
// CONTEXT_SUMMARIZER_FAILED instead of CONTEXT_ASYNC_VALUE_UNOBSERVABLE (a Proxy around a
// native promise must be UNOBSERVABLE; the seed fixes it).
import { maker } from "../_kit/assemble";
import { contractError, hasCode } from "../_kit/impl";
import { remapRejection } from "../_kit/layers";

export const make = maker({
  "proxy-promise-failed": {
    layer: (base) =>
      remapRejection(base, (error) =>
        hasCode(error, "CONTEXT_ASYNC_VALUE_UNOBSERVABLE") && /Proxy/.test((error as Error).message)
          ? contractError("CONTEXT_SUMMARIZER_FAILED", "a Proxy as the summary")
          : null,
      ),
  },
});
