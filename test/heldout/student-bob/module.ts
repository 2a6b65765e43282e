// Bob's module for a set of planted mistakes (index.ts plants all of them).
import type { Flags } from "./shared";
import { ContextModel, chooseBoundary, groupsOf } from "./model";
import { boundaryOptions } from "./options";
import { compactContext } from "./compact";

/** The mistakes planted in this submission (index.ts switches all of them on). */
export const PLANTED = ["no-depth-cap", "promise-resolve-await", "abort-during-call-lost", "summarymax-equal-target-refused", "summary-base-4", "argument-proto-key-stored"];

export function bobsModule(flags: Flags) {
  const model = new ContextModel(flags);
  return {
    buildActiveContext: (input: unknown) => model.facts(input).snapshot,
    estimateContextUnits: (input: unknown) => model.facts(input).units,
    groupToolRounds: (transcript: unknown) => {
      const t = model.transcriptFacts(transcript);
      return groupsOf(t.messages, t.lastResult);
    },
    selectCompactionBoundary: (input: unknown, options: unknown) => {
      const facts = model.facts(input);
      return chooseBoundary(facts, boundaryOptions(options, flags));
    },
    compactContext: (input: unknown, options: unknown) => compactContext(model, input, options),
  };
}
