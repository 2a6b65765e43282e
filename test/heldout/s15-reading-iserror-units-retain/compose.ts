// Two reading mistakes and an options mistake (wrappers): the student's reader coerces a tool
// result's isError with Boolean(…) instead of requiring a boolean, and copies a compaction
// record's unitsBefore / unitsAfter unchecked; their options reader takes retainRecentMessages
// as optional (missing or undefined means 0).
import { assemble, makerOf } from "../_kit/assemble";
import { readMistake15, retainOptionalDefaultZero } from "../_kit/s15";

export const make = makerOf(["iserror-coerced", "record-units-unchecked", "retain-optional-default-zero"], (enabled) => {
  const read = { isErrorCoerced: enabled.has("iserror-coerced"), recordUnitsUnchecked: enabled.has("record-units-unchecked") };
  return assemble([
    ...(read.isErrorCoerced || read.recordUnitsUnchecked ? [readMistake15(read)] : []),
    ...(enabled.has("retain-optional-default-zero") ? [retainOptionalDefaultZero] : []),
  ]);
});
