// b6m-pat-follower-sharedonce-thengetter: Pat's own waiting step (follow.ts) in the kit's copy of
// src/core's compactContext, with two planted mistakes (one criterion, async observation), each
// switchable. Its §8 choices are src/core's (no LATITUDE).
import { makerOf } from "../_kit/assemble";
import { compactWith } from "../_kit/compact-with";
import { reference, type Impl } from "../_kit/impl";
import { PLANTED, followWith } from "./follow";

export { PLANTED };

export const make = makerOf(PLANTED, (enabled) => ({
  ...reference,
  compactContext: compactWith({ awaitValue: followWith(enabled) }) as Impl["compactContext"],
}));
