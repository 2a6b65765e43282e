// Erin's planted mistakes, each switchable (test/heldout/manifest.ts describes them), and the
// one §8 choice she makes that src/core does not.
import { makerOf } from "../_kit/assemble";
import type { Latitude } from "../_check/differential";
import { PLANTED, erinsModule } from "./module";

export const make = makerOf(PLANTED, (enabled) => erinsModule(enabled));

export const LATITUDE: readonly Latitude[] = [
  { row: "a channel present with value undefined: summary undefined is rejected with the channel's code (CONTEXT_INVALID_INPUT)", skip: /summary-undefined|summary = undefined/ },
];
