// Three record mistakes in the student's own record (a wrapper that writes the record from the
// reference's result): compactedMessageIds are the ids of the kept messages; the record's id is
// the summaryId; result.record is a copy, not the last element of the new context's compactions.
import { assemble, makerOf } from "../_kit/assemble";
import { recordMistake16 } from "../_kit/s16";

const FLAGS = { "compacted-ids-of-kept": "idsOfKept", "record-id-from-summary-id": "idFromSummaryId", "record-copy-in-result": "copyInResult" } as const;

export const make = makerOf(Object.keys(FLAGS), (enabled) => {
  const flags = Object.fromEntries(Object.entries(FLAGS).filter(([id]) => enabled.has(id)).map(([, flag]) => [flag, true]));
  return assemble(Object.keys(flags).length === 0 ? [] : [recordMistake16(flags)]);
});
