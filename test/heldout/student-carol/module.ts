// Carol's module, assembled for a set of planted mistakes (index.ts plants all of them).
import type { Bugs } from "./errors";
import { contextInfo, boundaryOf, groups } from "./context";
import { readBudgets } from "./options";
import { compactContext } from "./compact";
/** The mistakes planted in this submission (index.ts switches all of them on). */
export const PLANTED = ["record-strings-uncounted", "summary-trimmed-units", "throw-after-resolve-fails", "units-after-without-summary", "argument-proto-key-stored"];

export function createModule(bugs: Bugs) {
  return {
    buildActiveContext: (input: unknown) => contextInfo(input, bugs).context,
    estimateContextUnits: (input: unknown) => contextInfo(input, bugs).units,
    groupToolRounds: (transcript: unknown) => groups(transcript, bugs),
    selectCompactionBoundary: (input: unknown, options: unknown) => {
      const info = contextInfo(input, bugs);
      return boundaryOf(info, readBudgets(options));
    },
    compactContext: (input: unknown, options: unknown) => compactContext(input, options, bugs),
  };
}
