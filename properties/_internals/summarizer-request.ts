import type { ContextData, Json } from "../../src/scenario";
import { numberOption, type CompactOperation } from "./scenario-reading";

// The request contract §7 step 4 hands the summarizer: { requirements, previousSummary,
// messages (the exact prefix before the boundary), boundary, maxSummaryUnits }. One definition
// for the property that judges it (compaction.request-exact) and the reports that show where a
// submission's request differs from it.

/** The contract's request for a compaction of `context` (as built) cut at `boundary` (the contract's record's). */
export function contractRequest(operation: CompactOperation, context: ContextData, boundary: Json | undefined): { readonly [name: string]: Json } {
  return {
    requirements: (context.requirements ?? []) as unknown as Json,
    previousSummary: (context.summary ?? null) as unknown as Json,
    messages: (context.messages ?? []).slice(0, typeof boundary === "number" ? boundary : 0) as unknown as Json,
    boundary: boundary ?? null,
    maxSummaryUnits: numberOption(operation.options, "summaryMaxUnits"),
  };
}
