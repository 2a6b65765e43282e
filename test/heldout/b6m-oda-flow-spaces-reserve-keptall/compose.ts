// b6m-oda-flow-spaces-reserve-keptall: Oda's own estimator, cut and compactContext over src/core,
// with three planted mistakes (three criteria), each switchable. Its §8 choices are src/core's
// (no LATITUDE).
import { makerOf } from "../_kit/assemble";
import { reference } from "../_kit/impl";
import { PLANTED, boundaryWith, compactWith, estimateWith } from "./flow";

export const make = makerOf(PLANTED, (enabled) => ({
  ...reference,
  estimateContextUnits: estimateWith(enabled),
  selectCompactionBoundary: boundaryWith(enabled),
  compactContext: compactWith(enabled),
}));
