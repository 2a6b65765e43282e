// Three reading mistakes in the student's reader: tool-call arguments that are an array accepted;
// a blank id in a record's compactedMessageIds accepted; a record's unitsBefore or unitsAfter of 0
// refused.
import { maker } from "../_kit/assemble";
import { arrayArgumentsAccepted, compactedIdEmptyAccepted, recordUnitsZeroRefused } from "../_kit/s22";

export const make = maker({
  "array-arguments-accepted": arrayArgumentsAccepted,
  "compacted-id-blank-accepted": compactedIdEmptyAccepted,
  "record-units-zero-refused": recordUnitsZeroRefused,
});
