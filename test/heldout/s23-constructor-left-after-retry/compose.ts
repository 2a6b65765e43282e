// One async-observation mistake in the student's awaiting: after the constructor retry of a native
// promise, the temporary own constructor is left on it (the promise is not restored).
import { flagMaker } from "../_kit/s19";
import type { AsyncFlags } from "../_kit/async-loop";
import { awaitMistake23 } from "../_kit/s23";

export const make = flagMaker<AsyncFlags>({ "constructor-left-after-retry": "constructorLeftAfterRetry" }, (flags) => [awaitMistake23(flags)]);
