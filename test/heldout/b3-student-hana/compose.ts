// Hana's planted mistakes, each switchable (test/heldout/truth/blind3-hana.ts describes them). Her
// §8 choices are src/core's, so she declares no LATITUDE.
import { makerOf } from "../_kit/assemble";
import { PLANTED, hanasModule } from "./module";

export const make = makerOf(PLANTED, (enabled) => hanasModule(enabled));
