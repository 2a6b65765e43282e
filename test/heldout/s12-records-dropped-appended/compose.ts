// Three mistakes in what compaction writes (wrappers): the new context keeps only the new
// record, the new summary is appended to the previous one, and unitsBefore counts the old
// messages only (the wrapper of units-before-messages-only).
import { maker } from "../_kit/assemble";
import { oldRecordsDropped, summaryAppendedToPrevious } from "../_kit/s12";
import { make as unitsBefore } from "../units-before-messages-only/compose";

export const make = maker({
  "old-records-dropped": oldRecordsDropped,
  "summary-appended-to-previous": summaryAppendedToPrevious,
  ...unitsBefore.defs,
});
