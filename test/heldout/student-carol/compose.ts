// Carol's planted mistakes, each switchable (test/heldout/manifest.ts describes them).
import { makerOf } from "../_kit/assemble";
import type { Latitude } from "../_check/differential";
import { thenCallsAtMost65 } from "../_check/latitude";
import { PLANTED, createModule } from "./module";

export const make = makerOf(PLANTED, (enabled) => createModule(enabled));

/** Carol's choices in §8 rows that differ from src/core's (allowed; not mistakes). */
export const LATITUDE: readonly Latitude[] = [
  { row: "a channel present with value undefined: summary undefined is no summary", skip: /summary-undefined|summary = undefined/ },
  thenCallsAtMost65,
];
