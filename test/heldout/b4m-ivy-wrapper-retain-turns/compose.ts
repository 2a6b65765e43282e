// b4m-ivy-wrapper-retain-turns: Ivy's layer over src/core's selectCompactionBoundary and
// compactContext, with two planted boundary-selection mistakes, each switchable. Its §8 choices
// are src/core's (no LATITUDE).
import { makerOf } from "../_kit/assemble";
import { reference } from "../_kit/impl";
import { PLANTED, compactWith, selectWith } from "./layers";

export const make = makerOf(PLANTED, (enabled) => ({
  ...reference,
  selectCompactionBoundary: selectWith(enabled),
  compactContext: compactWith(enabled),
}));
