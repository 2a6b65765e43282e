// Three cancellation mistakes: the student's options reader refuses an aborted signal as an
// invalid option (rewrite of the options reader); their catch takes an abort as cancellation only
// when its reason is named "AbortError" (wrapper); and they put the signal in the request and
// call the summarizer with the request alone (wrapper).
import { maker } from "../_kit/assemble";
import { abortedSignalInvalidInput, customAbortReasonFailed, signalPassedInRequest } from "../_kit/s17";

export const make = maker({
  "aborted-signal-invalid-input": abortedSignalInvalidInput,
  "custom-abort-reason-failed": customAbortReasonFailed,
  "signal-passed-in-request": signalPassedInRequest,
});
