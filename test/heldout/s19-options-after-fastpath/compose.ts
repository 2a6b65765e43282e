// One mistake (a wrapper that writes the student's fast path before the reference): the options
// are checked only once compaction is needed, so an invalid option with a context within maxUnits
// is answered with the unchanged result.
import { maker } from "../_kit/assemble";
import { optionsAfterFastPath } from "../_kit/s19";

export const make = maker({ "options-checked-after-fastpath": optionsAfterFastPath });
