// Two mistakes in the student's reader of the options of §6 (selectCompactionBoundary and
// compactContext): typeof null is "object", so null options throw a raw TypeError;
// retainRecentMessages 4096 refused (the check is < 4096). (Written with a third, a field present
// as undefined taken as missing; the lead took it out: the project's model accepts either code
// there, a row of contract §8 since, so no grader may fault it. The kit's flag stays off.)
import { flagMaker } from "../_kit/s19";
import { optionsMistake22, type OptionFlags22 } from "../_kit/s22";

export const make = flagMaker<OptionFlags22>(
  { "options-null-typeerror": "nullTypeError", "retain-4096-refused": "retain4096Refused" },
  (flags) => [optionsMistake22(flags)],
);
