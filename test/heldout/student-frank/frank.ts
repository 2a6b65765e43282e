// Frank's five exported functions, put together for a set of planted mistakes.
import type { Switches } from "./limits";
import { boundaryBudgets } from "./budgets";
import { groupToolRounds, walk } from "./rounds";
import { sheetOf } from "./sheet";
import { compactContext } from "./summarize";

/** Frank's planted mistakes (test/heldout/truth/students.ts); index.ts switches all of them on. */
export const PLANTED = [
  "compacted-ids-ceiling-missing",
  "argument-containers-not-counted",
  "removed-group-first-message-only",
  "summary-measured-with-record-id",
  "thenable-counted-two-levels",
];

export function franksModule(switches: Switches) {
  return {
    buildActiveContext: (input: unknown) => sheetOf(input, switches).context,
    estimateContextUnits: (input: unknown) => sheetOf(input, switches).total,
    groupToolRounds: (transcript: unknown) => groupToolRounds(transcript, switches),
    selectCompactionBoundary: (input: unknown, options: unknown) => walk(sheetOf(input, switches), boundaryBudgets(options), switches),
    compactContext: (input: unknown, options: unknown) => compactContext(input, options, switches),
  };
}
