// Four mistakes in four criteria, in a student's own compaction module (flow.ts: their units,
// groupToolRounds, walk and compactContext, and a rule added to the reader): a tool call's base 6
// counted once per assistant message; a tool-call id equal to an earlier message id refused (one
// set of ids for the duplicate check); a tool round taking the assistant's reply after its
// results; the new summary stored with the recordId as its id.
import { flagMaker } from "../_kit/s19";
import type { Impl } from "../_kit/impl";
import { makeFlow, type FlowFlags } from "./flow";

export const make = flagMaker<FlowFlags>(
  {
    "toolcall-base-per-message": "callBasePerMessage",
    "call-id-clashes-with-message-id": "callIdClashesWithMessageId",
    "round-takes-following-reply": "roundTakesFollowingReply",
    "new-summary-id-from-recordid": "newSummaryIdFromRecordId",
  },
  (flags) => [{ layer: () => makeFlow(flags) as Impl }],
);
