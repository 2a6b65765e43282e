// Four mistakes in four layers: a null-prototype record refused (reading), a group ending
// exactly at latest refused (boundary), then read twice (async observation), and the old
// records dropped from the new context (the record).
import { assemble, makerOf } from "../_kit/assemble";
import { checkRaw, oldRecordsDropped, refuseNullPrototype, thenReadTwice, walkMistake } from "../_kit/s12";

export const make = makerOf(["null-prototype-refused", "latest-off-by-one", "then-read-twice", "old-records-dropped"], (enabled) =>
  assemble([
    ...(enabled.has("null-prototype-refused") ? [checkRaw(refuseNullPrototype)] : []),
    ...(enabled.has("latest-off-by-one") ? [walkMistake({ latestOffByOne: true })] : []),
    ...(enabled.has("then-read-twice") ? [thenReadTwice] : []),
    ...(enabled.has("old-records-dropped") ? [oldRecordsDropped] : []),
  ]),
);
