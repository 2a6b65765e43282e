// Gus's estimator and walk (his own rewrite over src/core), each planted mistake switchable.
import { makerOf } from "../_kit/assemble";
import { reference } from "../_kit/impl";
import { PLANTED, boundaryWith, estimateWith } from "./estimate";

export const make = makerOf(PLANTED, (enabled) => ({
  ...reference,
  estimateContextUnits: estimateWith(enabled),
  selectCompactionBoundary: boundaryWith(enabled),
}));
