import fc from "fast-check";
import { expectedFor } from "../src/model";
import type { Json } from "../src/scenario/data";
import type { Scenario } from "../src/scenario/scenario";
import { LIMIT_MUTATIONS, TRANSCRIPT_MUTATIONS } from "./_internals/contextMutations";
import { outcomeLabels } from "./_internals/labels";
import { transcriptClasses } from "./_internals/transcriptClasses";
import type { TranscriptConstraints } from "./transcript";
import { transcript } from "./transcript";

export type GroupsScenarioConstraints = {
  transcript?: TranscriptConstraints;
  /** Share of broken transcripts (default 0.25). */
  invalidShare?: number;
};

const transcriptLimits = LIMIT_MUTATIONS.filter((m) => ["limit:messages", "limit:total-strings", "limit:collection-items"].includes(m.name));

/** groupToolRounds over valid transcripts of every shape, and over broken ones. */
export function groupsScenario(constraints: GroupsScenarioConstraints = {}): fc.Arbitrary<Scenario> {
  const invalidWeight = Math.round((constraints.invalidShare ?? 0.25) * 100);
  const valid = transcript(constraints.transcript).map((messages) => scenario(messages as unknown as Json, transcriptClasses(messages)));
  const invalid = fc
    .tuple(transcript(constraints.transcript), fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...TRANSCRIPT_MUTATIONS) }, { weight: 1, arbitrary: fc.constantFrom(...transcriptLimits) }))
    .map(([messages, m]) => {
      const broken = m.apply({ messages }) as { messages: Json };
      return scenario(broken.messages, [`mutation:${m.name}`]);
    });
  const arbs = [];
  if (invalidWeight < 100) arbs.push({ weight: 100 - invalidWeight, arbitrary: valid });
  if (invalidWeight > 0) arbs.push({ weight: invalidWeight, arbitrary: invalid });
  return fc.oneof(...arbs);
}

function scenario(transcriptData: Json, labels: string[]): Scenario {
  const s: Scenario = { operation: { kind: "groups", transcript: transcriptData } };
  return { ...s, labels: [...labels, ...outcomeLabels(expectedFor(s))] };
}

/**
 * groupToolRounds over a valid transcript above the 1,000,000-unit ceiling of a finished
 * context, its strings and items within their limits (the context mutation limit:units): the
 * model accepts its groups or CONTEXT_LIMIT_EXCEEDED (docs/contract-decisions.md 5).
 */
export function groupsOverUnitsCeiling(): Scenario {
  const overCeiling = LIMIT_MUTATIONS.find((m) => m.name === "limit:units")!;
  const broken = overCeiling.apply({ messages: [] }) as { messages: Json };
  return scenario(broken.messages, ["limit:units-ceiling"]);
}
