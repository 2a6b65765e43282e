// b7m-ren-flow-rounds-scan-unitsafter: Ren's own tool rounds, walk and compactContext over src/core,
// each planted mistake switchable. Its §8 choices are src/core's (no LATITUDE).
import { makerOf } from "../_kit/assemble";
import { reference } from "../_kit/impl";
import { PLANTED, compactContextWith, groupToolRoundsWith, selectCompactionBoundaryWith } from "./flow";

export const make = makerOf(PLANTED, (enabled) => ({
  ...reference,
  groupToolRounds: groupToolRoundsWith(enabled),
  selectCompactionBoundary: selectCompactionBoundaryWith(enabled),
  compactContext: compactContextWith(enabled),
}));
