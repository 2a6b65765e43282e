import type { Scenario, SummarizerScript } from "../../scenario/scenario";

// The context step 6's questions are asked on (./summary-battery, ./refine-summary-limit): room for
// the longest summary the contract lets through.

export const x = (n: number) => "x".repeat(n);

/**
 * Two messages of 40,000 units, all compacted, with room for a summary of 65,536 code points (§4:
 * 5 + u(id) + u(text)); or (`kept`) the same with a short third message kept by
 * retainRecentMessages 1, for a submission whose retention of none departs (the same cut).
 */
export function roomy(summarizer: SummarizerScript, kept = false): Scenario {
  const user = (id: string, units = 40_000) => ({ id, role: "user", content: x(units) });
  const options = { maxUnits: 70_000, targetUnits: 70_000, summaryMaxUnits: 65_600, retainRecentMessages: kept ? 1 : 0, summaryId: "s", recordId: "r" };
  const messages = kept ? [user("m1"), user("m2"), user("m3", 1)] : [user("m1"), user("m2")];
  return { operation: { kind: "compact", context: { requirements: [], summary: null, messages, compactions: [] }, prebuilt: false, options, summarizer, summarizerSlot: "script", signal: "none", abort: "none" } };
}
