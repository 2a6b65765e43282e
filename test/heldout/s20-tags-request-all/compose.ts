// A ceiling mistake and a boundary mistake, the first checked before the second (step 1, then
// step 4): the student's string total counts the role and type tags; the summarizer is given the
// whole transcript instead of the prefix before the boundary.
import { maker } from "../_kit/assemble";
import { requestMistake20, tagsCountedInStringTotal } from "../_kit/s20";

export const make = maker({ "tags-counted-in-string-total": tagsCountedInStringTotal, "request-all-messages": requestMistake20({ allMessages: true }) });
