// b6m-pat-flow-frozenvalue-promisesonly: Pat's own compactContext over src/core, with two
// planted mistakes (one criterion, async observation), each switchable. Its §8 choices are
// src/core's (no LATITUDE).
import { makerOf } from "../_kit/assemble";
import { reference } from "../_kit/impl";
import { PLANTED, compactContext } from "./flow";

export { PLANTED };

export const make = makerOf(PLANTED, (enabled) => ({ ...reference, compactContext: (input: unknown, options: unknown) => compactContext(input, options, enabled) }));
