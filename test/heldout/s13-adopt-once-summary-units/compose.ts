// An async-observation mistake and a units mistake: the student's awaiting takes what a promise
// or thenable delivers as the value, without observing it one level deeper (../_kit/async-loop),
// and their estimateContextUnits leaves the current summary out of a context's units.
import { assemble, makerOf } from "../_kit/assemble";
import { asyncMistakes } from "../_kit/async-mistakes";
import { unitsMistake13 } from "../_kit/s13";

const FLAGS = { "delivered-not-adopted": "deliveredNotAdopted" } as const;

export const make = makerOf(["delivered-not-adopted", "context-summary-not-counted"], (enabled) =>
  assemble([
    ...(enabled.has("delivered-not-adopted") ? [asyncMistakes(FLAGS, enabled)] : []),
    ...(enabled.has("context-summary-not-counted") ? [unitsMistake13({ summaryNotCounted: true })] : []),
  ]),
);
