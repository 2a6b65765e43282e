// The planted mistakes of Hana's flow rewrite, each switchable (truth/blind3-hana.ts describes
// them). Her §8 choices are src/core's, so she declares no LATITUDE.
import { makerOf } from "../_kit/assemble";
import { PLANTED, hanasFlow } from "./module";

export const make = makerOf(PLANTED, (enabled) => hanasFlow(enabled));
