// One mistake (wrapper): a summary text that is only whitespace is rejected with
// CONTEXT_SUMMARY_INVALID (the code of a non-string summary) instead of
// CONTEXT_SUMMARY_INSUFFICIENT.
import { maker } from "../_kit/assemble";
import { contractError, hasCode } from "../_kit/impl";
import { remapRejection } from "../_kit/layers";

export const make = maker({
  "blank-summary-code": {
    layer: (base) =>
      remapRejection(base, (error) =>
        hasCode(error, "CONTEXT_SUMMARY_INSUFFICIENT") && /only whitespace/.test((error as Error).message)
          ? contractError("CONTEXT_SUMMARY_INVALID", "the summary is blank")
          : null,
      ),
  },
});
