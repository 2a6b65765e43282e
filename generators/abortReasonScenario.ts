import fc from "fast-check";
import type { AbortReason, Scenario } from "../src/scenario/scenario";
import { compactScenario } from "./compactScenario";
import type { ContextDataConstraints } from "./contextData";

export type AbortReasonScenarioConstraints = {
  /** The reasons to abort with (default: every reason but the default one). */
  reasons?: readonly AbortReason[];
  context?: ContextDataConstraints;
};

/** The reasons a caller's abort can give besides the default AbortError. */
export const NON_DEFAULT_ABORT_REASONS: readonly AbortReason[] = ["error", "timeout", "text"];

/**
 * compactContext scenarios of the "cancelled" regime (a compaction that would succeed, its
 * controller signal aborted before the call, inside the summarizer, while the summary is
 * pending or as it settles; or a summarizer that never settles, aborted while it is pending),
 * the controller aborted with one of `reasons`. Contract §7 steps 3, 5 and 6: an aborted signal
 * is CONTEXT_CANCELLED, whatever its reason, so the model's outcome is the regime's.
 * Labels: the regime's, and "abort-reason:<reason>".
 */
export function abortReasonScenario(constraints: AbortReasonScenarioConstraints = {}): fc.Arbitrary<Scenario> {
  const reasons = constraints.reasons ?? NON_DEFAULT_ABORT_REASONS;
  const context = constraints.context === undefined ? {} : { context: constraints.context };
  // Half the time a caller's Error is a ContextCompactionError with another code (held-out s24:
  // a wrapper that passes such a reason's code on). The coin is the last draw of a case, so every
  // other case is generated (and shrunk) as before.
  return fc.tuple(compactScenario({ regime: "cancelled", ...context }), fc.constantFrom(...reasons), fc.boolean()).map(([scenario, drawn, coded]) => {
    const abortReason: AbortReason = drawn === "error" && coded && constraints.reasons === undefined ? "compactionError" : drawn;
    const op = scenario.operation;
    if (op.kind !== "compact") return scenario;
    return { ...scenario, operation: { ...op, abortReason }, labels: [...(scenario.labels ?? []), `abort-reason:${abortReason}`] };
  });
}
