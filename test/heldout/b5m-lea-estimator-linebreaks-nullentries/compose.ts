// b5m-lea-estimator-linebreaks-nullentries: Lea's own estimator and boundary walk over src/core,
// used by estimateContextUnits, selectCompactionBoundary and compactContext's fast path and
// boundary, with two planted mistakes (both units), each switchable. Its §8 choices are src/core's.
import { makerOf } from "../_kit/assemble";
import { reference } from "../_kit/impl";
import { compactWith } from "../_kit/compact-with";
import { PLANTED, boundaryWith, estimateWith, partsWith } from "./estimate";

export const make = makerOf(PLANTED, (enabled) => ({
  ...reference,
  estimateContextUnits: estimateWith(enabled),
  selectCompactionBoundary: boundaryWith(enabled),
  compactContext: compactWith(partsWith(enabled)) as never,
}));
