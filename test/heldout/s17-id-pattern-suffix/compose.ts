// A reading mistake and a record mistake (wrappers): the student's reader holds message and
// tool-call ids to /^[A-Za-z0-9_.:-]+$/ (outermost, so it reads before the rest), and their new
// context starts its messages one after the boundary, losing the first kept message.
import { maker } from "../_kit/assemble";
import { idPatternEnforced, suffixSkipsFirstKept } from "../_kit/s17";

export const make = maker({ "suffix-skips-first-kept": suffixSkipsFirstKept, "id-pattern-enforced": idPatternEnforced });
