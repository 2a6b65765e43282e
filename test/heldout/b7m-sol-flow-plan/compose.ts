// b7m-sol-flow-plan: Sol's own compactContext, walk and price list over src/core, each
// planted mistake switchable. Its §8 choices are src/core's (no LATITUDE).
import { makerOf } from "../_kit/assemble";
import { reference } from "../_kit/impl";
import { PLANTED, boundaryWith, compactWith, estimateWith } from "./flow";

export const make = makerOf(PLANTED, (enabled) => ({
  ...reference,
  estimateContextUnits: estimateWith(enabled),
  selectCompactionBoundary: boundaryWith(enabled),
  compactContext: compactWith(enabled),
}));
