// Hana's boundary (contract §6): walk the groups oldest first; after taking each one away, stop
// with null once it ends past `latest`, else answer its end when the requirements, the summary's
// reserve and the messages left fit the target.
import type { Flags } from "./errors";
import type { Ledger } from "./context";
import type { Budgets } from "./settings";
import { spansOf } from "./rounds";

export type Plan = { readonly boundary: number; readonly compactedIds: readonly string[] };

export function planCut(ledger: Ledger, budgets: Budgets, flags: Flags): Plan | null {
  const t = ledger.transcript;
  const n = t.messages.length;
  const latest = n - budgets.retainRecentMessages;
  const fixed = ledger.requirementUnits + budgets.summaryMaxUnits;
  let kept = 0;
  for (const u of t.units) kept += u;
  const compactedIds: string[] = [];
  for (const span of spansOf(t)) {
    for (let i = span.start; i < span.end; i++) kept -= t.units[i];
    if (flags.has("compacted-ids-per-group")) {
      // (planted) one id per group taken away: the group's first message
      compactedIds.push(t.messages[span.start].id);
    } else {
      for (let i = span.start; i < span.end; i++) compactedIds.push(t.messages[i].id);
    }
    if (span.end > latest) return null;
    if (fixed + kept <= budgets.targetUnits) return { boundary: span.end, compactedIds };
  }
  return null;
}
