// Alice's planted mistakes, each switchable (test/heldout/manifest.ts describes them), and her §8
// choice that differs from src/core's (allowed; not a mistake).
import { makerOf } from "../_kit/assemble";
import type { Latitude } from "../_check/differential";
import { PLANTED, alice } from "./module";

export const make = makerOf(PLANTED, (enabled) => alice(enabled));

export const LATITUDE: readonly Latitude[] = [{ row: "a channel present with value undefined: summary undefined is no summary", skip: /summary-undefined|summary = undefined/ }];
