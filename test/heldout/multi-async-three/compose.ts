// Three async mistakes in the student's own awaiting of the summary (rewrite): no identity
// tracking of thenables, native promises awaited through Promise.resolve, and no read of the
// signal when the summarizer returns (an abort made inside it is lost).
import { assemble, makerOf } from "../_kit/assemble";
import { asyncMistakes } from "../_kit/async-mistakes";

const FLAGS = {
  "thenable-identity-lost": "identityLost",
  "promise-resolve-await": "promiseResolve",
  "abort-during-call-lost": "abortDuringCallLost",
} as const;

export const make = makerOf(Object.keys(FLAGS), (enabled) => assemble([asyncMistakes(FLAGS, enabled)]));
