// b5m-nia-flow-lastgroup-unitsafter: Nia's own compactContext over src/core, with two planted
// mistakes in her record writer, each switchable. Its §8 choices are src/core's (no LATITUDE).
import { makerOf } from "../_kit/assemble";
import { reference } from "../_kit/impl";
import { compactContext } from "./flow";

export const PLANTED = ["compacted-ids-last-group-only", "units-after-keeps-old-summary"];

export const make = makerOf(PLANTED, (enabled) => ({ ...reference, compactContext: (input: unknown, options: unknown) => compactContext(input, options, enabled) }));
