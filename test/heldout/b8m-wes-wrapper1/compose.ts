// b8m-wes-wrapper1: Wes's cancellation layer (./wrapper.ts) over src/core's compactContext; two
// planted mistakes, each switchable. Its §8 choices are src/core's (no LATITUDE).
import { makerOf } from "../_kit/assemble";
import { reference } from "../_kit/impl";
import { compactContextWith } from "./wrapper";

export const PLANTED = ["abort-thrown-from-summarizer-wrapper", "fake-signal-probed-for-message"];

export const make = makerOf(PLANTED, (enabled) => ({ ...reference, compactContext: compactContextWith(enabled) }));
