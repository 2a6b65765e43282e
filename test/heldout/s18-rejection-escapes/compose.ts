// One mistake (rewrite of the awaiting of the summary): a rejection of the summary (a native
// promise's, or a thenable calling its reject) escapes as its reason, so compactContext rejects
// with the summarizer's own Error instead of CONTEXT_SUMMARIZER_FAILED.
import { maker } from "../_kit/assemble";
import { rejectionReasonEscapes } from "../_kit/s18";

export const make = maker({ "rejection-reason-escapes": rejectionReasonEscapes });
