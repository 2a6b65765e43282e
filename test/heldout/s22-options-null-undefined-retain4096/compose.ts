// Three mistakes in the student's reader of the options of §6 (selectCompactionBoundary and
// compactContext): typeof null is "object", so null options throw a raw TypeError; a field present
// as undefined taken as missing; retainRecentMessages 4096 refused (the check is < 4096).
import { flagMaker } from "../_kit/s19";
import { optionsMistake22, type OptionFlags22 } from "../_kit/s22";

export const make = flagMaker<OptionFlags22>(
  { "options-null-typeerror": "nullTypeError", "undefined-field-as-missing": "undefinedAsMissing", "retain-4096-refused": "retain4096Refused" },
  (flags) => [optionsMistake22(flags)],
);
