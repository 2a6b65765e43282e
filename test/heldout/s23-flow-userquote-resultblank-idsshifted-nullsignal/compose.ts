// Four mistakes in four criteria, in a student's own compaction module (flow.ts: their units,
// groupToolRounds, walk and compactContext, and a rule added to the reader): a user message's
// content counted as a JSON string (1 + u(content)); a tool result with empty content refused;
// the record's compactedMessageIds shifted by one; with no signal the summarizer given null.
import { flagMaker } from "../_kit/s19";
import type { Impl } from "../_kit/impl";
import { makeFlow, type FlowFlags } from "./flow";

export const make = flagMaker<FlowFlags>(
  {
    "user-content-as-json-string": "userContentQuoted",
    "result-content-blank-refused": "resultContentBlankRefused",
    "compacted-ids-shifted": "compactedIdsShifted",
    "no-signal-passed-as-null": "noSignalAsNull",
  },
  (flags) => [{ layer: () => makeFlow(flags) as Impl }],
);
