// Two mistakes (the example): the options read through a spread (wrapper), and the signal
// no longer watched once the summarizer has started (rewrite of the waiting step).
import { maker } from "../_kit/assemble";
import { make as spread } from "../options-spread/compose";
import { make as dropped } from "../signal-dropped-after-start/compose";

export const make = maker({ ...dropped.defs, ...spread.defs });
