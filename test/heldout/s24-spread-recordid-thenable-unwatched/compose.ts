// Two mistakes in two criteria: the student's compactContext spreads the options into a copy with
// a generated recordId when none is given; the signal is raced only against a native promise, so
// a thenable returned by the summarizer is awaited without watching it.
import { maker } from "../_kit/assemble";
import { missingRecordIdGenerated, thenableWaitUnwatched } from "../_kit/s24";

export const make = maker({ "missing-recordid-generated": missingRecordIdGenerated, "thenable-wait-unwatched": thenableWaitUnwatched });
