// Dana's module, assembled for a set of planted mistakes (index.ts plants all of them).
import type { Flags } from "./errors";
import { chooseBoundary, groupToolRounds, snapshotOf } from "./context";
import { boundaryOptions } from "./options";
import { compactContext } from "./compact";

/** The mistakes planted in this submission (index.ts switches all of them on). */
export const PLANTED = ["json-null-as-word", "boundary-forgets-requirements", "async-depth-64-refused", "promise-own-then-called", "units-after-from-before"];

export function danasModule(flags: Flags) {
  return {
    buildActiveContext: (input: unknown) => snapshotOf(input, flags).context,
    estimateContextUnits: (input: unknown) => snapshotOf(input, flags).units,
    groupToolRounds: (transcript: unknown) => groupToolRounds(transcript, flags),
    selectCompactionBoundary: (input: unknown, options: unknown) => {
      const snap = snapshotOf(input, flags);
      return chooseBoundary(snap, boundaryOptions(options), flags);
    },
    compactContext: (input: unknown, options: unknown) => compactContext(input, options, flags),
  };
}
