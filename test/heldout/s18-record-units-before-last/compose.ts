// One mistake (wrapper that writes the record from the reference's result): the record's
// unitsBefore is the last old record's unitsAfter when there is one, not the units of the old
// context.
import { maker } from "../_kit/assemble";
import { unitsBeforeFromLastRecord } from "../_kit/s18";

export const make = maker({ "units-before-from-last-record": unitsBeforeFromLastRecord });
