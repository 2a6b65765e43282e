// Two fast-path mistakes: with old records the context's units are taken from the last record's
// unitsAfter; the unchanged result carries the last record instead of null.
import { maker } from "../_kit/assemble";
import { fastPathTrustsRecordUnits, unchangedRecordLast } from "../_kit/s20";

export const make = maker({ "fastpath-trusts-record-units": fastPathTrustsRecordUnits, "unchanged-record-last": unchangedRecordLast });
