// b6m-quy-flow-record-units-groups: Quy's own compactContext over src/core, with two planted
// mistakes, each switchable. Its §8 choices are src/core's (no LATITUDE).
import { makerOf } from "../_kit/assemble";
import { reference } from "../_kit/impl";
import { PLANTED, compactContext } from "./flow";

export const make = makerOf(PLANTED, (enabled) => ({ ...reference, compactContext: (input: unknown, options: unknown) => compactContext(input, options, enabled) }));
