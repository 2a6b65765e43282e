// b7m-sol-wrapper-new-context: src/core with Sol's layer around compactContext, each planted
// mistake switchable. Its §8 choices are src/core's (no LATITUDE).
import { makerOf } from "../_kit/assemble";
import { reference } from "../_kit/impl";
import { PLANTED, compactWith } from "./wrap";

export const make = makerOf(PLANTED, (enabled) => ({ ...reference, compactContext: compactWith(enabled) }));
