// Gus's module, assembled for a set of planted mistakes (index.ts plants all of them).
import type { Flags } from "./basics";
import { sheetOf } from "./context";
import { boundaryOptions } from "./options";
import { groupToolRounds, walk } from "./rounds";
import { compactContext } from "./compact";

/** The mistakes planted in this submission (index.ts switches all of them on). */
export const PLANTED = ["channel-arrays-not-items", "depth-checked-on-containers-only", "rounds-keyed-by-message-id", "summary-limit-on-units", "rejection-before-abort-read"];

export function gusModule(flags: Flags) {
  return {
    buildActiveContext: (input: unknown) => sheetOf(input, flags).context,
    estimateContextUnits: (input: unknown) => sheetOf(input, flags).total,
    groupToolRounds: (transcript: unknown) => groupToolRounds(transcript, flags),
    selectCompactionBoundary: (input: unknown, options: unknown) => {
      const sheet = sheetOf(input, flags);
      return walk(sheet, boundaryOptions(options));
    },
    compactContext: (input: unknown, options: unknown) => compactContext(input, options, flags),
  };
}
