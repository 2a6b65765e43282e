// Two cancellation mistakes: on cancellation, a signal whose reason is a ContextCompactionError
// has that error passed on (its own code); an AbortController given as options.signal taken for
// its signal.
import { maker } from "../_kit/assemble";
import { abortReasonCodePassedOn, controllerAcceptedAsSignal } from "../_kit/s24";

export const make = maker({ "abort-reason-code-passed-on": abortReasonCodePassedOn, "controller-accepted-as-signal": controllerAcceptedAsSignal });
