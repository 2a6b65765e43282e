// b7m-tam-wrapper-clamp-remembered: Tam's options-tidying layer over src/core, with two planted mistakes, each switchable. Its §8 choices are src/core's (no LATITUDE).
import { makerOf } from "../_kit/assemble";
import { PLANTED, layer } from "./wrapper";

export { PLANTED };
export const make = makerOf(PLANTED, (enabled) => layer(enabled));
