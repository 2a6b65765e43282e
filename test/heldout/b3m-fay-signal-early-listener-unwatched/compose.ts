// b3m-fay-signal-early-listener-unwatched: a student's own compactContext around the signal, over
// src/core, with two planted mistakes (both cancellation), each switchable. Its §8 choices are
// src/core's (no LATITUDE).
import { makerOf } from "../_kit/assemble";
import { reference } from "../_kit/impl";
import { compactContext } from "./flow";

export const PLANTED = ["listener-attached-before-call", "unwatchable-signal-used"];

export const make = makerOf(PLANTED, (enabled) => ({ ...reference, compactContext: (input: unknown, options: unknown) => compactContext(input, options, enabled) }));
