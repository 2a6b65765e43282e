// Alice's planted mistakes, each switchable (test/heldout/manifest.ts describes them), and her §8
// choice that differs from src/core's (allowed; not a mistake).
import { makerOf } from "../_kit/assemble";
import type { Latitude } from "../_check/differential";
import { alice } from "./module";

export const BUGS = [
  "field-getter-called",
  "class-instance-arguments",
  "object-keys-not-counted",
  "boundary-reserves-current-summary",
  "then-return-ignored",
  "thenable-identity-lost",
  "no-abort-listener",
];
export const make = makerOf(BUGS, (enabled) => alice(enabled));

export const LATITUDE: readonly Latitude[] = [{ row: "a channel present with value undefined: summary undefined is no summary", skip: /summary-undefined|summary = undefined/ }];
