// Two summary-validation mistakes and a record mistake: a summarizer value shaped like a message
// has its content taken as the summary text, the whitespace test only knows the space (other
// whitespace passes), and the new record is put first in compactions instead of appended.
import { maker } from "../_kit/assemble";
import { blankSpacesOnly, messageContentTaken, recordPrepended } from "../_kit/s15";

export const make = maker({
  "message-content-taken": messageContentTaken,
  "blank-spaces-only": blankSpacesOnly,
  "record-prepended": recordPrepended,
});
