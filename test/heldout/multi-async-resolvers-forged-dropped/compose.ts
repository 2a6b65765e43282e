// Three mistakes around the await (rewrite): resolvers that act more than once, a rejection's
// forged code passed on, and the signal no longer watched once the summarizer has started.
import { assemble, makerOf, type MistakeDef } from "../_kit/assemble";
import { asyncMistakes } from "../_kit/async-mistakes";

const FLAGS = { "resolvers-not-once": "resolversNotOnce", "forged-error-code": "forgedCode" } as const;
const DROPPED: MistakeDef = { parts: { watchAfterCall: false } };

export const make = makerOf([...Object.keys(FLAGS), "signal-dropped-after-start"], (enabled) =>
  assemble([asyncMistakes(FLAGS, enabled), ...(enabled.has("signal-dropped-after-start") ? [DROPPED] : [])]),
);
