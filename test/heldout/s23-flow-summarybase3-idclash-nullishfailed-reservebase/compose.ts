// Four mistakes in four criteria, in a student's own compaction module (flow.ts: their units,
// groupToolRounds, walk and compactContext, and a rule added to the reader): a summary counted
// with the base 3 of a requirement; a requirement whose id is also a message id refused; a
// summary value null or undefined failed as CONTEXT_SUMMARIZER_FAILED; the walk reserving
// summaryMaxUnits − 5 for the new summary.
import { flagMaker } from "../_kit/s19";
import type { Impl } from "../_kit/impl";
import { makeFlow, type FlowFlags } from "./flow";

export const make = flagMaker<FlowFlags>(
  {
    "summary-base-3": "summaryBase3",
    "requirement-message-id-clash-refused": "requirementIdClashRefused",
    "nullish-summary-failed": "nullishSummaryFailed",
    "reserve-without-summary-base": "reserveWithoutBase",
  },
  (flags) => [{ layer: () => makeFlow(flags) as Impl }],
);
