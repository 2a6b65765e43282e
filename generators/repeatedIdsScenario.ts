import fc from "fast-check";
import { expectedFor } from "../src/model";
import type { ContextData, Json, MessageData } from "../src/scenario/data";
import type { Expected } from "../src/scenario/expected";
import type { Scenario } from "../src/scenario/scenario";
import { outcomeLabels } from "./_internals/labels";
import { compactScenario } from "./compactScenario";
import type { ContextDataConstraints } from "./contextData";

export type RepeatedIdsScenarioConstraints = {
  context?: ContextDataConstraints;
};

/** The letters the new ids are made of: message i gets letter i mod n, n drawn from 1 to 3. */
const LETTERS = ["d", "e", "f"] as const;

/**
 * Message i's id replaced by `letters[i mod n]` repeated as many code points as its old id: the
 * same units (§4 counts u(id)), so the budgets still aim at a compaction; ids of one length and
 * one letter are now one id, inside the compacted prefix and across the cut.
 */
function repeatIds(messages: readonly MessageData[], n: number): MessageData[] {
  return messages.map((message, i) => ({ ...message, id: LETTERS[i % n]!.repeat(Array.from(message.id).length) }));
}

/** Whether a list of ids holds one twice. */
const hasRepeat = (ids: readonly string[]): boolean => new Set(ids).size < ids.length;

/** "ids:repeated-in-prefix" and "ids:repeated-across-cut" where the model's cut has them. */
function repeatLabels(messages: readonly MessageData[], expected: Expected): string[] {
  const value = expected.kind === "returns" ? (expected.value as { record?: { boundary?: Json } }) : null;
  const boundary = value?.record?.boundary;
  if (typeof boundary !== "number") return [];
  const ids = messages.map((m) => m.id);
  const prefix = ids.slice(0, boundary);
  const kept = new Set(ids.slice(boundary));
  return [...(hasRepeat(prefix) ? ["ids:repeated-in-prefix"] : []), ...(prefix.some((id) => kept.has(id)) ? ["ids:repeated-across-cut"] : [])];
}

/**
 * compactContext scenarios of the "compacts" regime whose message ids repeat (valid:
 * contract-decisions item 3, only tool-call, requirement and record ids are unique). The
 * record lists the prefix's ids in order, one per compacted message (§7 step 8), and the
 * retained suffix keeps its own. Labels: the regime's, "ids:repeated-in-prefix",
 * "ids:repeated-across-cut" and the model's outcome.
 */
export function repeatedIdsScenario(constraints: RepeatedIdsScenarioConstraints = {}): fc.Arbitrary<Scenario> {
  const context = constraints.context === undefined ? {} : { context: constraints.context };
  return fc.tuple(compactScenario({ regime: "compacts", ...context }), fc.integer({ min: 1, max: LETTERS.length })).map(([scenario, n]) => {
    const op = scenario.operation;
    if (op.kind !== "compact") return scenario;
    const data = op.context as unknown as ContextData;
    if (data.messages === undefined) return scenario;
    const messages = repeatIds(data.messages, n);
    const repeated: Scenario = { operation: { ...op, context: { ...data, messages } as unknown as Json } };
    const expected = expectedFor(repeated);
    const kept = (scenario.labels ?? []).filter((l) => !l.startsWith("code:") && !l.startsWith("outcome:"));
    return { ...repeated, labels: [...kept, ...repeatLabels(messages, expected), ...outcomeLabels(expected)] };
  });
}
