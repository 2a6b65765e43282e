// Carol's planted mistakes, each switchable (test/heldout/manifest.ts describes them).
import { makerOf } from "../_kit/assemble";
import type { Latitude } from "../_check/differential";
import { thenCallsAtMost65 } from "../_check/latitude";
import { createModule } from "./module";

export const BUGS = ["record-strings-uncounted", "summary-trimmed-units", "throw-after-resolve-fails", "units-after-without-summary"];
export const make = makerOf(BUGS, (enabled) => createModule(enabled));

/** Carol's choices in §8 rows that differ from src/core's (allowed; not mistakes). */
export const LATITUDE: readonly Latitude[] = [
  { row: "a channel present with value undefined: summary undefined is no summary", skip: /summary-undefined|summary = undefined/ },
  thenCallsAtMost65,
];
