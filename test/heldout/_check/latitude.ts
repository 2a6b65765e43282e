// §8 rows shared by several implementations' LATITUDE lists (see differential.ts).
import type { Outcome } from "../_witness/observe";
import type { Latitude } from "./differential";

/** "a chain of 65 generic thenables: FAILED after at most 65 then calls": the then count of such a chain is not compared. */
export const thenCallsAtMost65: Latitude = {
  row: "a chain of 65 generic thenables: CONTEXT_SUMMARIZER_FAILED after at most 65 then calls",
  normalize: (o: Outcome) => {
    const x = o as { result?: { error?: string }; then?: number };
    return x && typeof x === "object" && x.result?.error === "CONTEXT_SUMMARIZER_FAILED" && typeof x.then === "number" && x.then >= 64 && x.then <= 65
      ? { ...x, then: "64 or 65" }
      : o;
  },
};
