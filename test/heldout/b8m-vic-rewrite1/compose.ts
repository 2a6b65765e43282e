// b8m-vic-rewrite1: Vic's own compaction flow and boundary walk over src/core, each planted mistake
// switchable. Its §8 choices are src/core's (no LATITUDE).
import { makerOf } from "../_kit/assemble";
import { reference } from "../_kit/impl";
import { PLANTED, compactContext, selectCompactionBoundary } from "./flow";

export const make = makerOf(PLANTED, (enabled) => ({
  ...reference,
  selectCompactionBoundary: (input: unknown, options: unknown) => selectCompactionBoundary(input, options, enabled),
  compactContext: (input: unknown, options: unknown) => compactContext(input, options, enabled),
}));
