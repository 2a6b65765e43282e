// One mistake (rewrite of the boundary walk, used by selectCompactionBoundary and compactContext): the cut right after a tool round is never tried (only cuts after a message
// group are), so the course's failure experiment gets null instead of 4.
import { maker } from "../_kit/assemble";
import { walkMistakeB2 } from "../_kit/b2a";

export const make = maker({ "cut-after-round-skipped": walkMistakeB2({ roundCutSkipped: true }) });
