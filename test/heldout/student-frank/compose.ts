// Frank's planted mistakes, each switchable (test/heldout/manifest.ts describes them), and the
// one §8 choice he makes that src/core does not.
import { makerOf } from "../_kit/assemble";
import type { Latitude } from "../_check/differential";
import { PLANTED, franksModule } from "./frank";

export const make = makerOf(PLANTED, (enabled) => franksModule(enabled));

export const LATITUDE: readonly Latitude[] = [{ row: "signal: null: CONTEXT_INVALID_INPUT", skip: /signal null|signal = null/ }];
