// A boundary mistake and a record mistake: the student's boundary counts retainRecentMessages in
// groups (the retained part is the last groups, not the last messages), and the record they
// write has unitsBefore and unitsAfter swapped.
import { assemble, makerOf } from "../_kit/assemble";
import { recordUnitsSwapped, walkMistake13 } from "../_kit/s13";

export const make = makerOf(["retain-counts-groups", "record-units-swapped"], (enabled) =>
  assemble([
    ...(enabled.has("retain-counts-groups") ? [walkMistake13({ retainCountsGroups: true })] : []),
    ...(enabled.has("record-units-swapped") ? [recordUnitsSwapped] : []),
  ]),
);
