// One mistake (rewrite of the options reader of selectCompactionBoundary and compactContext):
// the options' "plain object" test wants the prototype Object.prototype, so options with a null
// prototype are refused with CONTEXT_INVALID_INPUT.
import { maker } from "../_kit/assemble";
import { optionsNullPrototypeRefused } from "../_kit/s18";

export const make = maker({ "options-null-prototype-refused": optionsNullPrototypeRefused });
