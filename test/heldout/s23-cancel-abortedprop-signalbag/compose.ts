// Two cancellation mistakes: the signal's state read as signal.aborted (an ordinary property read,
// which an own property shadows); the summarizer called with an options bag { signal } as its
// second argument.
import { maker } from "../_kit/assemble";
import { abortedReadByProperty, signalPassedAsOptionsBag } from "../_kit/s23";

export const make = maker({ "aborted-read-by-property": abortedReadByProperty, "signal-passed-as-options-bag": signalPassedAsOptionsBag });
