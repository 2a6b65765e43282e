// One mistake (wrapper around selectCompactionBoundary): options with a field other than targetUnits, summaryMaxUnits and
// retainRecentMessages (compactContext's options, say) are refused with CONTEXT_INVALID_INPUT.
import { maker } from "../_kit/assemble";
import { boundaryOptionsExtraKeyRefused } from "../_kit/b2a";

export const make = maker({ "boundary-options-extra-key-refused": boundaryOptionsExtraKeyRefused });
