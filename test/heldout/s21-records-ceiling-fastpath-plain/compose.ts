// Two mistakes in two criteria: at the 256-record ceiling the oldest record is dropped; the
// unchanged result returned as it is, not as a promise.
import { maker } from "../_kit/assemble";
import { fastPathReturnsPlainResult, oldestRecordDroppedAtCeiling } from "../_kit/s21";

export const make = maker({
  "oldest-record-dropped-at-ceiling": oldestRecordDroppedAtCeiling,
  "fastpath-returns-plain-result": fastPathReturnsPlainResult,
});
