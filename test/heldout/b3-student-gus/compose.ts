// Gus's planted mistakes, each switchable (test/heldout/truth/blind3-gus.ts describes them). His §8
// choices are src/core's, so he declares no LATITUDE.
import { makerOf } from "../_kit/assemble";
import { PLANTED, gusModule } from "./module";

export const make = makerOf(PLANTED, (enabled) => gusModule(enabled));
