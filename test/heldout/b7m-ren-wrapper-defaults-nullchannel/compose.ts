// b7m-ren-wrapper-defaults-nullchannel: Ren's tidy-up layer over src/core, each planted mistake
// switchable. Its §8 choices are src/core's (no LATITUDE).
import { makerOf } from "../_kit/assemble";
import { reference } from "../_kit/impl";
import { PLANTED, layerWith } from "./layer";

export const make = makerOf(PLANTED, (enabled) => ({ ...reference, ...layerWith(enabled) }));
