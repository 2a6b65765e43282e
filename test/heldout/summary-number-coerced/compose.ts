// One mistake (rewrite of the summary check): a summarizer value that is a number is turned
// into text (`String(value)`) instead of refused with CONTEXT_SUMMARY_INVALID.
import { maker } from "../_kit/assemble";

export const make = maker({
  "number-coerced": { parts: { textOf: (value) => (typeof value === "number" ? String(value) : value) } },
});
