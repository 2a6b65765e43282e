// One mistake (wrapper around the reference's reader, in every export that reads a context): a compaction record whose unitsAfter is above its unitsBefore is refused with
// CONTEXT_INVALID_INPUT, although a record's units are any safe integers >= 0.
import { maker } from "../_kit/assemble";
import { recordUnitsGrownRefused } from "../_kit/b2a";

export const make = maker({ "record-units-grown-refused": recordUnitsGrownRefused });
