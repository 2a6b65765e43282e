// b8m-wes-rewrite1: src/core's compactContext with Wes's own waiting step (./follow.ts) in place
// of the core's; two planted mistakes, each switchable. Its §8 choices are src/core's (no LATITUDE).
import { makerOf } from "../_kit/assemble";
import { reference } from "../_kit/impl";
import { compactWith } from "../_kit/compact-with";
import { waitFor } from "./follow";

export const PLANTED = ["then-return-checked-inside-then-try", "promise-catch-marks-handled"];

export const make = makerOf(PLANTED, (enabled) => ({
  ...reference,
  compactContext: compactWith({ awaitValue: waitFor(enabled) }) as (input: unknown, options: unknown) => Promise<unknown>,
}));
