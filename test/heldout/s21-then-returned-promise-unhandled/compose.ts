// One mistake (the student's awaiting): a native promise returned by a custom then gets no
// handlers, so its late rejection is unhandled.
import { flagMaker } from "../_kit/s19";
import { awaitMistake21 } from "../_kit/s21";
import type { AsyncFlags } from "../_kit/async-loop";

export const make = flagMaker<AsyncFlags>({ "then-returned-promise-unhandled": "thenReturnedPromiseUnhandled" }, (flags) => [awaitMistake21(flags)]);
