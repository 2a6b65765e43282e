// b4m-kim-guard-context-fallback: Kim's layers over src/core, each planted mistake switchable.
// Its §8 choices are src/core's (no LATITUDE).
import { maker } from "../_kit/assemble";
import { DEFS } from "./layers";

export const make = maker(DEFS);
