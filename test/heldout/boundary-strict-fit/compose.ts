// One mistake (rewrite of selectCompactionBoundary, used by compaction): a cut is taken only when
// `fixed + units(kept) < targetUnits`, so a cut that fits exactly (equal to targetUnits) is
// passed over.
import { maker } from "../_kit/assemble";
import { boundaryMistake } from "../_kit/student-boundary";

export const make = maker({ "strict-fit": boundaryMistake({ strictFit: true }) });
