// Bob's planted mistakes, each switchable (test/heldout/manifest.ts describes them), and his §8
// choices that differ from src/core's (allowed; not mistakes).
import { makerOf } from "../_kit/assemble";
import type { Latitude } from "../_check/differential";
import { PLANTED, bobsModule } from "./module";

export const make = makerOf(PLANTED, (enabled) => bobsModule(enabled));

export const LATITUDE: readonly Latitude[] = [
  { row: "a channel present with value undefined: treated as missing", skip: /= undefined at input\.input|-undefined;/ },
  { row: "signal: null: CONTEXT_INVALID_INPUT", skip: /signal null|signal = null/ },
  {
    row: "summarizer's second argument with no signal: undefined",
    normalize: (o) => (o && typeof o === "object" && (o as { second?: string }).second === "a fresh signal" ? { ...(o as object), second: "undefined" } : o),
  },
];
