// b3m-fay-flow-synctext-boundary-unitsbefore: a student's own compactContext over src/core,
// with three planted mistakes, each switchable. Its §8 choices are src/core's (no LATITUDE).
import { makerOf } from "../_kit/assemble";
import { reference } from "../_kit/impl";
import { compactContext } from "./flow";

export const PLANTED = ["sync-text-skips-signal", "record-boundary-as-kept-count", "units-before-of-new-context"];

export const make = makerOf(PLANTED, (enabled) => ({ ...reference, compactContext: (input: unknown, options: unknown) => compactContext(input, options, enabled) }));
