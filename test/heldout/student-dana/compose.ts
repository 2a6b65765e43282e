// Dana's planted mistakes, each switchable (test/heldout/manifest.ts describes them). Her §8
// choices are src/core's, so she declares no LATITUDE.
import { makerOf } from "../_kit/assemble";
import { PLANTED, danasModule } from "./module";

export const make = makerOf(PLANTED, (enabled) => danasModule(enabled));
