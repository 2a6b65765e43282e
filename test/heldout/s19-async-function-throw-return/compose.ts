// Three async-observation mistakes in the student's awaiting of the summary: a function value is
// called; a then that throws before delivering is ignored; a primitive that then returns is taken
// as the value.
import type { AsyncFlags } from "../_kit/async-loop";
import { awaitMistake19, flagMaker } from "../_kit/s19";

export const make = flagMaker<AsyncFlags>(
  { "function-value-called": "functionValueCalled", "throw-before-resolve-ignored": "throwBeforeResolveIgnored", "then-return-taken-as-value": "thenReturnTakenAsValue" },
  (flags) => [awaitMistake19(flags)],
);
