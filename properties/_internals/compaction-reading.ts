import type { CheckInput, ContextData, Json, Verdict } from "../../src/scenario";
import { fail, mismatch, pass } from "./format";
import { field, isRecord } from "./json";
import { agreeOnOutcome } from "./outcome";
import type { CompactOperation } from "./scenario-reading";
import { contextOf } from "./scenario-reading";

// The shared first step of every compactContext property: the outcome agrees with the model,
// the value is a result object, and the scenario's input is at hand as contract data.

export interface CompactionCase {
  readonly input: CheckInput;
  readonly operation: CompactOperation;
  /** The context argument as data (the plain input, or what was built from it). */
  readonly context: ContextData;
  /** The observed `{status, context, record}`. */
  readonly result: { readonly [key: string]: Json };
  /** The model's `{status, context, record}`. */
  readonly want: Json;
}

export function onCompaction(input: CheckInput, judge: (c: CompactionCase) => Verdict): Verdict {
  const { scenario, observation, expected } = input;
  if (scenario.operation.kind !== "compact") return fail("harness: a compaction property ran on a non-compact scenario");
  const agreed = agreeOnOutcome(observation, expected);
  if (agreed.ok === "threw-as-expected") return pass;
  if (!agreed.ok) return agreed.verdict;
  if (!isRecord(agreed.value)) return mismatch("compaction result", "an object {status, context, record}", agreed.value);
  const want = expected.kind === "returns" ? expected.value : null;
  return judge({ input, operation: scenario.operation, context: contextOf(scenario.operation), result: agreed.value, want });
}

/** The observed new context's field, e.g. resultContext(c, "messages"). */
export function resultContext(c: CompactionCase, name: string): Json | undefined {
  return field(field(c.result, "context"), name);
}
