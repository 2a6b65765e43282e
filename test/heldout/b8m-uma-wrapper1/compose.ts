// b8m-uma-wrapper1: Uma's layer over the reference, each planted mistake switchable. Its §8
// choices are src/core's (no LATITUDE).
import { makerOf } from "../_kit/assemble";
import { PLANTED, layerWith } from "./layer";

export const make = makerOf([...PLANTED], (enabled) => layerWith(enabled));
