// b8m-uma-rewrite1: Uma's reader of tool-call arguments inside the reference's reading chain,
// each planted mistake switchable. Her §8 choices are src/core's (no LATITUDE).
import { makerOf } from "../_kit/assemble";
import { exportsWith } from "./exports";
import { PLANTED } from "./json";

export const make = makerOf([...PLANTED], (enabled) => exportsWith(enabled));
