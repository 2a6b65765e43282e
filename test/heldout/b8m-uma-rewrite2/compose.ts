// b8m-uma-rewrite2: Uma's own tool rounds, walk and record writer over src/core, each planted
// mistake switchable. Her §8 choices are src/core's (no LATITUDE).
import { makerOf } from "../_kit/assemble";
import { PLANTED, exportsWith } from "./exports";

export const make = makerOf([...PLANTED], (enabled) => exportsWith(enabled));
