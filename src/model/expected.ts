import type { Json } from "../scenario/data";
import { orElse, type Expected } from "../scenario/expected";
import type { Scenario } from "../scenario/scenario";
import { ReadBudget } from "./budget";
import { modelBoundary } from "./boundary";
import { afterBuild, modelBuild, transcriptIssueCodes } from "./build";
import { expectedCompact } from "./compact";
import { modelGroups } from "./groups";
import { expectedDecorated } from "./hostile";
import { boundaryOptionsChecked } from "./options-answer";
import { expectedProgram } from "./program";
import { readTranscript } from "./read-transcript";
import { CODE, LIMIT } from "./limits";
import { modelContextUnits, modelMessagesUnits } from "./units";
import { upstreamGroups, upstreamTranscriptReading } from "./upstream";

const returns = (value: Json): Expected => ({ kind: "returns", value, summarizerCalls: 0 });
const throws = (codes: readonly string[]): Expected => ({ kind: "throws", codes, summarizerCalls: 0 });

/** The model's answer for any scenario without decorations (those are issue 4). */
export function expectedFor(scenario: Scenario): Expected {
  if (scenario.decorations !== undefined && scenario.decorations.length > 0) return expectedDecorated(scenario, expectedFor);
  const op = scenario.operation;
  switch (op.kind) {
    case "build":
      return afterBuild(modelBuild(op.input), (context) => returns(context as unknown as Json));
    case "units":
      return afterBuild(modelBuild(op.input), (context) => returns(modelContextUnits(context)));
    case "groups": {
      const reading = upstreamTranscriptReading(op.transcript);
      if (reading !== undefined && !reading.ok) return throws([reading.code]);
      const read = readTranscript(op.transcript, new ReadBudget());
      if (read.messages === null) return reading === undefined ? throws(transcriptIssueCodes(read.issues)) : groupedAnyway(op.transcript, transcriptIssueCodes(read.issues));
      const messages = read.messages;
      const groups = returns(modelGroups(messages).map((g) => ({ ...g, messages: messages.slice(g.startIndex, g.endIndex) })) as unknown as Json);
      // §3's 1,000,000-unit ceiling is a finished context's; whether groupToolRounds holds a
      // transcript to it too is open (docs/contract-decisions.md 5; the core does): either.
      return modelMessagesUnits(messages) > LIMIT.totalUnits ? orElse(groups, throws([CODE.limitExceeded])) : groups;
    }
    case "boundary":
      return afterBuild(modelBuild(op.context), (context) => {
        const options = boundaryOptionsChecked(op.options);
        if (!options.ok) return throws(options.codes);
        return returns(modelBoundary(context, options.values));
      });
    case "compact":
      return expectedCompact(op);
    case "program":
      return expectedProgram(op);
  }
}

/**
 * Root-cause analysis (./upstream): the subject accepts a transcript the contract rejects. What
 * it returns for it is its own groups (the contract says nothing about them): with the groups
 * layer's answer, those groups over the transcript's own messages; without, the contract's codes.
 */
function groupedAnyway(transcript: Json, codes: readonly string[]): Expected {
  if (!Array.isArray(transcript)) return throws(codes);
  const theirs = upstreamGroups(transcript);
  if (theirs === undefined) return throws(codes);
  return returns(theirs.map((g) => ({ ...g, messages: transcript.slice(g.startIndex, g.endIndex) })) as unknown as Json);
}
