// b4m-kim-flow-records-ids: Kim's own compactContext over src/core, each planted mistake
// switchable. Its §8 choices are src/core's (no LATITUDE).
import { makerOf } from "../_kit/assemble";
import { reference } from "../_kit/impl";
import { PLANTED, compactContext } from "./flow";

export const make = makerOf(PLANTED, (enabled) => ({ ...reference, compactContext: (input: unknown, options: unknown) => compactContext(input, options, enabled) }));
