// One mistake (wrapper): a summary text that is only whitespace is rejected with
// CONTEXT_SUMMARY_INVALID (the code of a non-string summary) instead of
// CONTEXT_SUMMARY_INSUFFICIENT.
import { maker } from "../_kit/assemble";
import { contractError, hasCode, type Impl } from "../_kit/impl";

function layer(base: Impl): Impl {
  return {
    ...base,
    compactContext: async (input, options) => {
      try {
        return await base.compactContext(input, options);
      } catch (error) {
        if (hasCode(error, "CONTEXT_SUMMARY_INSUFFICIENT") && /only whitespace/.test((error as Error).message)) {
          throw contractError("CONTEXT_SUMMARY_INVALID", "the summary is blank");
        }
        throw error;
      }
    },
  };
}

export const make = maker({ "blank-summary-code": { layer } });
