// b3m-fay-signal-early-listener-unwatched: a student's own compactContext around the signal, over
// src/core, with one planted mistake (cancellation). Its early listener (flow.ts
// `listener-attached-before-call`, off here) was written as a second and withdrawn: contract-decisions 12
// accepts what it answers. Its §8 choices are
// src/core's (no LATITUDE).
import { makerOf } from "../_kit/assemble";
import { reference } from "../_kit/impl";
import { compactContext } from "./flow";

export const PLANTED = ["unwatchable-signal-used"];

export const make = makerOf(PLANTED, (enabled) => ({ ...reference, compactContext: (input: unknown, options: unknown) => compactContext(input, options, enabled) }));
