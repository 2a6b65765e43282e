// Fay's module, assembled for a set of planted mistakes (index.ts plants all of them).
import type { Flags } from "./base";
import { sheetOf } from "./intake";
import { boundaryOptions } from "./options";
import { groupToolRounds, walk } from "./rounds";
import { compactContext } from "./compact";

/** The mistakes planted in this submission (index.ts switches all of them on). */
export const PLANTED = ["thenables-keyed-by-then", "proxy-checked-at-entry-only", "shared-container-as-cycle", "retain-checked-after-fit", "units-after-old-summary-id"];

export function faysModule(flags: Flags) {
  return {
    buildActiveContext: (input: unknown) => sheetOf(input, flags).context,
    estimateContextUnits: (input: unknown) => sheetOf(input, flags).total,
    groupToolRounds: (transcript: unknown) => groupToolRounds(transcript, flags),
    selectCompactionBoundary: (input: unknown, options: unknown) => {
      const sheet = sheetOf(input, flags);
      return walk(sheet, boundaryOptions(options), flags);
    },
    compactContext: (input: unknown, options: unknown) => compactContext(input, options, flags),
  };
}
