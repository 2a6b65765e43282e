// b6m-quy-wrapper-textsummary-cache-reserve: Quy's layer over src/core, with three planted
// mistakes in three criteria, each switchable. Its §8 choices are src/core's (no LATITUDE).
import { makerOf } from "../_kit/assemble";
import { PLANTED, layer } from "./wrapper";

export const make = makerOf(PLANTED, (enabled) => layer(enabled));
