// Erin's five functions, put together for a set of planted mistakes (index.ts plants them all).
import type { Mistakes } from "./base";
import { cut, groups, ledgerOf } from "./context";
import { compactContext } from "./compact";
import { boundarySettings } from "./settings";

/** Erin's planted mistakes (test/heldout/truth/students.ts); index.ts switches all of them on. */
export const PLANTED = ["json-number-flat", "requirement-base-4", "adjacent-rounds-merged", "record-prepended", "then-called-without-this", "signal-only-listened"];

export function erinsModule(mistakes: Mistakes) {
  return {
    buildActiveContext: (input: unknown) => ledgerOf(input, mistakes).context,
    estimateContextUnits: (input: unknown) => ledgerOf(input, mistakes).total,
    groupToolRounds: (transcript: unknown) => groups(transcript, mistakes),
    selectCompactionBoundary: (input: unknown, options: unknown) => {
      const ledger = ledgerOf(input, mistakes);
      return cut(ledger, boundarySettings(options));
    },
    compactContext: (input: unknown, options: unknown) => compactContext(input, options, mistakes),
  };
}
