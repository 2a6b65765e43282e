// Two cancellation mistakes in the student's signal handling: a falsy signal (false, 0, "") taken
// as no signal; an already aborted signal thrown synchronously by compactContext instead of a
// rejection.
import { maker } from "../_kit/assemble";
import { abortedThrownSynchronously, falsySignalAsNone } from "../_kit/s20";

export const make = maker({ "falsy-signal-as-none": falsySignalAsNone, "aborted-thrown-synchronously": abortedThrownSynchronously });
