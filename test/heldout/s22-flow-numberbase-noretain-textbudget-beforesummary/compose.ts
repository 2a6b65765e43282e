// Four mistakes in four criteria, in a student's own compaction module (flow.ts: their units,
// groupToolRounds, walk and compactContext): a number in tool-call arguments counted without its
// base 1; compactContext's walk leaving retainRecentMessages out; request.maxSummaryUnits given
// as the units left for the text; the record's unitsBefore without the current summary.
import { flagMaker } from "../_kit/s19";
import type { Impl } from "../_kit/impl";
import { makeFlow, type FlowFlags } from "./flow";

export const make = flagMaker<FlowFlags>(
  {
    "json-number-no-base": "numberNoBase",
    "compact-walk-ignores-retain": "walkIgnoresRetain",
    "request-max-units-for-text": "maxForText",
    "units-before-without-summary": "beforeWithoutSummary",
  },
  (flags) => [{ layer: () => makeFlow(flags) as Impl }],
);
