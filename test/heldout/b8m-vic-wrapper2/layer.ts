// Vic's layer over the reference (a wrapper): his compactContext hands the call to src/core's and
// then tidies what comes back for his app before passing it on: the new record is put in a
// canonical form, the kept conversation is checked, and a failure is given the name his app
// expects. The other exports are src/core's. Each planted mistake is a flag.
import { contractError, hasCode, rejecting, type Impl } from "../_kit/impl";

type Flags = ReadonlySet<string>;

/** The mistakes planted in this layer (index.ts switches them all on). */
export const PLANTED = ["no-cut-as-invalid-budget", "kept-must-open-with-user", "compacted-ids-sorted"];

type Record = {
  readonly id: string;
  readonly summaryId: string;
  readonly boundary: number;
  readonly compactedMessageIds: readonly string[];
  readonly unitsBefore: number;
  readonly unitsAfter: number;
};
type Context = {
  readonly requirements: readonly unknown[];
  readonly summary: unknown;
  readonly messages: readonly { readonly id: string; readonly role: string }[];
  readonly compactions: readonly Record[];
};
type Result = { readonly status: "unchanged" | "compacted"; readonly context: Context; readonly record: Record | null };

export function layer(base: Impl, flags: Flags): Impl {
  /** The compacted result as Vic's app wants it. */
  const tidy = (result: Result): Result => {
    if (result.status !== "compacted") return result;
    // [planted kept-must-open-with-user] the kept conversation must open with the user's turn
    if (flags.has("kept-must-open-with-user")) {
      const first = result.context.messages[0];
      if (first !== undefined && first.role !== "user") throw contractError("CONTEXT_INVALID_TRANSCRIPT", "the kept messages do not start with a user message");
    }
    // [planted compacted-ids-sorted] the record's ids in a canonical (sorted) order, for stable output
    if (flags.has("compacted-ids-sorted")) {
      const record = result.record as Record;
      const canonical = { ...record, compactedMessageIds: [...record.compactedMessageIds].sort() };
      const old = result.context.compactions.slice(0, -1);
      const context = base.buildActiveContext({ ...result.context, compactions: [...old, canonical] }) as Context;
      return Object.freeze({ status: "compacted", context, record: context.compactions[context.compactions.length - 1] });
    }
    return result;
  };
  /** A failure under the name Vic's app expects. */
  const rename = (error: unknown): never => {
    // [planted no-cut-as-invalid-budget] no cut means the budgets cannot be met: a budget error
    if (flags.has("no-cut-as-invalid-budget") && hasCode(error, "CONTEXT_BOUNDARY_UNAVAILABLE")) {
      throw contractError("CONTEXT_INVALID_BUDGET", "the budgets cannot be met by any cut");
    }
    throw error;
  };
  return {
    ...base,
    compactContext: (input, options) => rejecting(() => base.compactContext(input, options)).then((result) => tidy(result as Result), rename),
  };
}
