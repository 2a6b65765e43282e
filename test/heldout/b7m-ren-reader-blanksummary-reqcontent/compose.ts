// b7m-ren-reader-blanksummary-reqcontent: Ren's own reader of the context's channels over src/core's
// reading primitives, each planted mistake switchable. Its §8 choices are src/core's (no LATITUDE).
import { makerOf } from "../_kit/assemble";
import { reference } from "../_kit/impl";
import { PLANTED, readerWith } from "./reader";

export const make = makerOf(PLANTED, (enabled) => ({ ...reference, ...readerWith(enabled) }));
