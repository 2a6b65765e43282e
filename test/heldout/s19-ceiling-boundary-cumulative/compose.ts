// A reading mistake (a ceiling) and a record mistake, the first at step 1, the second at step 8:
// a transcript of exactly 4096 messages is refused; the record's boundary counts from the start
// of the whole conversation.
import { maker } from "../_kit/assemble";
import { messagesCeilingInclusive, recordMistake19 } from "../_kit/s19";

export const make = maker({ "messages-ceiling-inclusive": messagesCeilingInclusive, "record-boundary-cumulative": recordMistake19({ boundaryCumulative: true }) });
