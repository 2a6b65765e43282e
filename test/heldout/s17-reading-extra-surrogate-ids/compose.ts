// Three reading mistakes in the student's reader (wrappers): a message or block with a field its
// role does not have is refused (a strict schema); a string with a lone surrogate is refused as
// text that is not well-formed; a compaction record's compactedMessageIds are never compared with
// its boundary. The repairing layer is innermost, so the student's two extra rules see its copy.
import { maker } from "../_kit/assemble";
import { acceptDespite17, fixRecordIdsLength, rawCheck17, refuseExtraFields, refuseLoneSurrogates } from "../_kit/s17";

export const make = maker({
  "record-ids-length-unchecked": acceptDespite17(fixRecordIdsLength),
  "extra-field-refused": rawCheck17(refuseExtraFields),
  "lone-surrogate-refused": rawCheck17(refuseLoneSurrogates),
});
