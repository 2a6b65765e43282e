// One mistake (wrapper that writes the record from the reference's result): the record's
// unitsBefore is the units of the compacted messages and its unitsAfter the units of the new
// summary (what was replaced by what), not the units of the old and the new context.
import { maker } from "../_kit/assemble";
import { recordUnitsOfCompactedPart } from "../_kit/s17";

export const make = maker({ "record-units-of-compacted-part": recordUnitsOfCompactedPart });
