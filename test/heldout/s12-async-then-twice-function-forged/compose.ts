// Three async-observation mistakes: then read twice (a test, then the call), a function with a
// then taken as a plain value (wrappers of the summarizer's value), and a forged rejection's
// code passed on (the student's awaiting, ../_kit/async-loop).
import { assemble, makerOf } from "../_kit/assemble";
import { asyncMistakes } from "../_kit/async-mistakes";
import { functionThenableIgnored, thenReadTwice } from "../_kit/s12";

const FLAGS = { "forged-error-code": "forgedCode" } as const;

export const make = makerOf(["then-read-twice", "function-thenable-ignored", "forged-error-code"], (enabled) =>
  assemble([
    ...(enabled.has("forged-error-code") ? [asyncMistakes(FLAGS, enabled)] : []),
    ...(enabled.has("then-read-twice") ? [thenReadTwice] : []),
    ...(enabled.has("function-thenable-ignored") ? [functionThenableIgnored] : []),
  ]),
);
