// Alice's module for a set of planted mistakes (index.ts plants all of them).
import type { Bugs } from "./basics";
import { groupsFrom, makeContexts, pickBoundary } from "./context";
import { boundaryOptions } from "./options";
import { makeCompact } from "./compact";

/** The mistakes planted in this submission (index.ts switches all of them on). */
export const PLANTED = [
  "field-getter-called",
  "class-instance-arguments",
  "object-keys-not-counted",
  "boundary-reserves-current-summary",
  "then-return-ignored",
  "thenable-identity-lost",
  "no-abort-listener",
];

export function alice(bugs: Bugs) {
  const contexts = makeContexts(bugs);
  return {
    buildActiveContext: (input: unknown) => contexts.get(input).ctx,
    estimateContextUnits: (input: unknown) => contexts.get(input).units,
    groupToolRounds: (transcript: unknown) => {
      const t = contexts.transcriptOf(transcript);
      return groupsFrom(t.messages, t.ends);
    },
    selectCompactionBoundary: (input: unknown, options: unknown) => {
      const b = contexts.get(input);
      return pickBoundary(b, boundaryOptions(options), bugs, contexts.summaryUnits);
    },
    compactContext: makeCompact(contexts, bugs),
  };
}
