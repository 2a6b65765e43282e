// b7m-sol-pricer-json: Sol's own meter, cut and compactContext over src/core, each planted mistake
// switchable. Its §8 choices are src/core's (no LATITUDE).
import { makerOf } from "../_kit/assemble";
import { reference } from "../_kit/impl";
import { PLANTED, boundaryWith, compactWith, estimateWith } from "./meter";

export const make = makerOf(PLANTED, (enabled) => ({
  ...reference,
  estimateContextUnits: estimateWith(enabled),
  selectCompactionBoundary: boundaryWith(enabled),
  compactContext: compactWith(enabled),
}));
