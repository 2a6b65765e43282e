// Two async mistakes in the student's own awaiting of the summary (rewrite): no 64-level cap,
// and what a custom then returns is ignored.
import { assemble, makerOf } from "../_kit/assemble";
import { asyncMistakes } from "../_kit/async-mistakes";

const FLAGS = { "no-depth-cap": "noDepthCap", "then-return-ignored": "thenReturnIgnored" } as const;

export const make = makerOf(Object.keys(FLAGS), (enabled) => assemble([asyncMistakes(FLAGS, enabled)]));
