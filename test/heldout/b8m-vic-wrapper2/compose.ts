// b8m-vic-wrapper2: Vic's layer over src/core with three planted mistakes (three criteria), each
// switchable. Its §8 choices are src/core's (no LATITUDE).
import { makerOf } from "../_kit/assemble";
import { reference } from "../_kit/impl";
import { PLANTED, layer } from "./layer";

export { PLANTED };

export const make = makerOf(PLANTED, (enabled) => layer(reference, enabled));
