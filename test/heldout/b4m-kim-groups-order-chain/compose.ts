// b4m-kim-groups-order-chain: Kim's own groupToolRounds over src/core, each planted mistake
// switchable. Its §8 choices are src/core's (no LATITUDE).
import { makerOf } from "../_kit/assemble";
import { reference } from "../_kit/impl";
import { PLANTED, boundaryWith, groupsWith } from "./rounds";

export const make = makerOf(PLANTED, (enabled) => ({ ...reference, groupToolRounds: groupsWith(enabled), selectCompactionBoundary: boundaryWith(enabled) }));
