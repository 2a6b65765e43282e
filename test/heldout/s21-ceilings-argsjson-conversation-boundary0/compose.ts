// Three mistakes of the student's reader about ceilings and records: a tool call's arguments held
// to 65,536 code points by their JSON text; the 4,096 messages ceiling counting the records'
// compactedMessageIds too; a record with boundary 0 (and no ids) accepted.
import { maker } from "../_kit/assemble";
import { ceilingMistake21, recordBoundaryZeroAccepted } from "../_kit/s21";

export const make = maker({
  "record-boundary-zero-accepted": recordBoundaryZeroAccepted,
  "arguments-json-text-ceiling": ceilingMistake21({ argumentsJsonText: true }),
  "compacted-ids-counted-as-messages": ceilingMistake21({ compactedCountedAsMessages: true }),
});
