// One mistake (rewrite of the boundary walk, used by selectCompactionBoundary and
// compactContext): the reserve for the new summary is summaryMaxUnits + 5, the summary's base
// added once more, so the cut comes too late (or not at all).
import { maker } from "../_kit/assemble";
import { walkMistake18 } from "../_kit/s18";

export const make = maker({ "reserve-adds-summary-base": walkMistake18({ reserveSummaryBase: true }) });
