// Three units mistakes in the student's own estimateContextUnits: a context without a summary
// counted with an empty summary's base 5; an assistant with tool calls counted without its text
// blocks; JSON arrays and objects counted with one separator between items (n − 1), not one per item.
import { flagMaker } from "../_kit/s19";
import { unitsMistake22, type UnitFlags22 } from "../_kit/s22";

export const make = flagMaker<UnitFlags22>(
  { "absent-summary-costs-base": "absentSummaryBase", "call-text-blocks-skipped": "callTextSkipped", "json-separators-between-items": "commaSeparators" },
  (flags) => [unitsMistake22(flags)],
);
