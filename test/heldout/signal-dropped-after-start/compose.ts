// One mistake (rewrite of the waiting step): the signal is checked before the summarizer is
// called and handed to it, but once the summarizer has started it is no longer watched or read,
// so an abort while the summary is pending is ignored (the summary, when it comes, is
// committed; a summary that never comes hangs).
import { maker } from "../_kit/assemble";

export const make = maker({ "signal-dropped-after-start": { parts: { watchAfterCall: false } } });
