// Two options mistakes (wrappers): the options copied with a spread, and no upper bound on
// retainRecentMessages.
import { maker } from "../_kit/assemble";
import { make as spread } from "../options-spread/compose";
import { make as retain } from "../retain-no-upper-bound/compose";

export const make = maker({ ...retain.defs, ...spread.defs });
