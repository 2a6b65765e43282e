// Two units mistakes in two rows of the student's estimator (§4): a tool result counted without u(id);
// a string in tool-call arguments counted by its JSON text (escapes and UTF-16 units).
import { flagMaker } from "../_kit/s19";
import { unitsMistake23, type UnitFlags23 } from "../_kit/s23";

export const make = flagMaker<UnitFlags23>(
  { "result-id-not-counted": "resultIdNotCounted", "json-string-escapes-counted": "stringEscapesCounted" },
  (flags) => [unitsMistake23(flags)],
);
