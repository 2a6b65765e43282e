// Fay's planted mistakes, each switchable (test/heldout/manifest.ts describes them). Her §8
// choices are src/core's, so she declares no LATITUDE.
import { makerOf } from "../_kit/assemble";
import { PLANTED, faysModule } from "./module";

export const make = makerOf(PLANTED, (enabled) => faysModule(enabled));
