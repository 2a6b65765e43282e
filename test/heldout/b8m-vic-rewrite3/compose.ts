// b8m-vic-rewrite3: Vic's own pricer and cut (his rewrite over src/core), each planted mistake
// switchable. Its §8 choices are src/core's (no LATITUDE).
import { makerOf } from "../_kit/assemble";
import { reference } from "../_kit/impl";
import { PLANTED, boundaryWith, compactionWith, estimateWith } from "./sizes";

export const make = makerOf(PLANTED, (enabled) => ({
  ...reference,
  estimateContextUnits: estimateWith(enabled),
  selectCompactionBoundary: boundaryWith(enabled),
  compactContext: compactionWith(enabled) as (input: unknown, options: unknown) => Promise<unknown>,
}));
