// Hana's module, assembled for a set of planted mistakes (index.ts plants all of them).
import type { Flags } from "./errors";
import { ledgerOf } from "./context";
import { groupToolRounds } from "./rounds";
import { readBudgets } from "./settings";
import { planCut } from "./cut";
import { compactContext } from "./compact";

/** The mistakes planted in this submission (index.ts switches all of them on). */
export const PLANTED = [
  "compacted-ids-per-group",
  "record-boundary-counts-kept",
  "high-surrogate-swallows-next",
  "missing-option-as-budget",
  "promise-recognized-by-instanceof",
];

export function hanasModule(flags: Flags) {
  return {
    buildActiveContext: (input: unknown) => ledgerOf(input, flags).context,
    estimateContextUnits: (input: unknown) => ledgerOf(input, flags).total,
    groupToolRounds: (transcript: unknown) => groupToolRounds(transcript, flags),
    selectCompactionBoundary: (input: unknown, options: unknown) => {
      const ledger = ledgerOf(input, flags);
      return planCut(ledger, readBudgets(options, flags), flags)?.boundary ?? null;
    },
    compactContext: (input: unknown, options: unknown) => compactContext(input, options, flags),
  };
}
