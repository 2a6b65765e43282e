// Two async-observation mistakes and a cancellation mistake: the student's awaiting
// (../_kit/async-loop) fails an object whose then is present but not callable as a broken
// thenable, and takes a throwing read of then as an unobservable value; and they relay the
// caller's signal into an AbortController of their own, aborted by the caller's abort event, so
// an abort whose event a caller's listener stopped is never seen.
import { assemble, makerOf } from "../_kit/assemble";
import { asyncMistakes } from "../_kit/async-mistakes";
import { abortEventOnly } from "../_kit/s15";

const FLAGS = { "then-not-callable-fails": "thenNotCallableFails", "then-read-error-unobservable": "thenReadErrorUnobservable" } as const;

export const make = makerOf([...Object.keys(FLAGS), "abort-event-only"], (enabled) =>
  assemble([
    ...(Object.keys(FLAGS).some((id) => enabled.has(id)) ? [asyncMistakes(FLAGS, enabled)] : []),
    ...(enabled.has("abort-event-only") ? [abortEventOnly] : []),
  ]),
);
