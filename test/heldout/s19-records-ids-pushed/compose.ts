// Three record mistakes in the student's step 8: compactedMessageIds list every message compacted
// so far; the record's compactedMessageIds array is not frozen; the new record is also pushed onto
// the caller's own compactions array.
import { flagMaker, recordMistake19, recordPushedIntoInput, type RecordFlags19 } from "../_kit/s19";

type Flags = RecordFlags19 & { readonly pushed?: boolean };

export const make = flagMaker<Flags>(
  { "compacted-ids-cumulative": "idsCumulative", "compacted-ids-unfrozen": "idsUnfrozen", "record-pushed-into-input": "pushed" },
  (flags) => [recordMistake19(flags), ...(flags.pushed ? [recordPushedIntoInput] : [])],
);
