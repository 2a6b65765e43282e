// One mistake (wrapper): the student refuses a Proxy found while awaiting the summary with
// CONTEXT_SUMMARIZER_FAILED instead of CONTEXT_ASYNC_VALUE_UNOBSERVABLE (a Proxy around a
// native promise must be UNOBSERVABLE; the seed fixes it).
import { maker } from "../_kit/assemble";
import { contractError, hasCode, type Impl } from "../_kit/impl";

function layer(base: Impl): Impl {
  return {
    ...base,
    compactContext: async (input, options) => {
      try {
        return await base.compactContext(input, options);
      } catch (error) {
        if (hasCode(error, "CONTEXT_ASYNC_VALUE_UNOBSERVABLE") && /Proxy/.test((error as Error).message)) {
          throw contractError("CONTEXT_SUMMARIZER_FAILED", "a Proxy as the summary");
        }
        throw error;
      }
    },
  };
}

export const make = maker({ "proxy-promise-failed": { layer } });
