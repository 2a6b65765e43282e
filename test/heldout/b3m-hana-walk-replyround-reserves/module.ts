// Hana's rewrite, assembled for a set of planted mistakes (index.ts plants all of them).
import * as core from "../../../src/core/index";
import { compactContext, groupToolRounds, selectCompactionBoundary, type Flags } from "./flow";

export const PLANTED = ["reply-closes-round", "requirements-without-base", "reserve-keeps-larger-summary"];

export function hanasFlow(flags: Flags) {
  return {
    buildActiveContext: (input: unknown) => core.buildActiveContext(input as never),
    estimateContextUnits: (input: unknown) => core.estimateContextUnits(input as never),
    groupToolRounds: (transcript: unknown) => groupToolRounds(transcript, flags),
    selectCompactionBoundary: (input: unknown, options: unknown) => selectCompactionBoundary(input, options, flags),
    compactContext: (input: unknown, options: unknown) => compactContext(input, options, flags),
  };
}
