// b5m-nia-wrapper-transcript-retry-estimate: src/core behind Nia's layer, each planted mistake
// switchable. Its §8 choices are src/core's (no LATITUDE).
import { makerOf } from "../_kit/assemble";
import { reference } from "../_kit/impl";
import { layer } from "./layer";

export const PLANTED = ["transcript-accepted-as-context", "summary-retried-once", "estimate-failure-as-zero"];

export const make = makerOf(PLANTED, (enabled) => layer(reference, enabled));
