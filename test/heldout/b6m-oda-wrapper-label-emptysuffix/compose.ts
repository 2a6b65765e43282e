// b6m-oda-wrapper-label-emptysuffix: Oda's layer over the reference compactContext, with two
// planted mistakes (one criterion), each switchable. Its §8 choices are src/core's (no LATITUDE).
import { makerOf } from "../_kit/assemble";
import { reference } from "../_kit/impl";
import { PLANTED, layerWith } from "./layer";

export const make = makerOf(PLANTED, (enabled) => layerWith(enabled)(reference));
