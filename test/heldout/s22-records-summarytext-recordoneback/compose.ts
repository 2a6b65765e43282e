// Two mistakes in the student's writing of the result (step 8): the new context's summary stored as
// the text itself; result.record read one index too early in the new compactions.
import { maker } from "../_kit/assemble";
import { resultRecordOneBack, summaryStoredAsText } from "../_kit/s22";

export const make = maker({
  "summary-stored-as-text": summaryStoredAsText,
  "result-record-one-back": resultRecordOneBack,
});
