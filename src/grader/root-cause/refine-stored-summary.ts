import { isJsonObject, type Json } from "../../scenario/data";
import { acceptedOutcomes } from "../../scenario/expected";
import type { Observation } from "../../scenario/observation";
import type { Scenario } from "../../scenario/scenario";
import { contractOf } from "./accepts";
import { at, normalizedPath } from "./departure";
import type { UpstreamProbe } from "./probe";
import { roomyCompaction } from "./refine-size";

// A summary check of §7 steps 6 and 7 answered otherwise may be no mistake of the check: a
// submission that changes the summarizer's text before it checks and stores it (trims it, puts a
// heading in front, normalizes it) checks the changed text, and stores it too. One mistake, which
// the stored summary shows and the checks follow. Told apart as Hypothesis's explain phase does:
// the text the submission stores for this compaction (its answer when it returned one, else its
// answer to the same compaction with room to spare in both checks, ./refine-size) is put in the
// summarizer's place, and the contract's checks of that text give the submission's very answer.

export const STORED_SUMMARY = "context.summary.content";

/** The key of a summary stored otherwise ("value trimmed" like ./departure's, else the field's), when that text explains the check's answer; null otherwise. */
export async function storedSummaryExplains(scenario: Scenario, observation: Observation, probe: UpstreamProbe): Promise<string | null> {
  const op = scenario.operation;
  if (op.kind !== "compact" || (scenario.decorations ?? []).length > 0) return null;
  const text = (op.summarizer as { readonly text?: Json }).text;
  if (typeof text !== "string") return null;
  const stored = await storedText(scenario, observation, probe);
  if (typeof stored !== "string" || stored === text) return null;
  const again = contractOf({ ...scenario, operation: { ...op, summarizer: { ...(op.summarizer as object), text: stored } as typeof op.summarizer } });
  if (again === null || !acceptedOutcomes(again).some((e) => sameKind(e, observation))) return null;
  return stored === text.trim() ? "value trimmed" : `value ${normalizedPath(STORED_SUMMARY)}`;
}

/** The summary text the submission stores for this compaction: its own result's, else its result's with room to spare; undefined when it gives none. */
async function storedText(scenario: Scenario, observation: Observation, probe: UpstreamProbe): Promise<Json | undefined> {
  if (observation.outcome.kind === "returned") return at(observation.outcome.value, STORED_SUMMARY);
  if (observation.outcome.kind !== "threw") return undefined;
  // With room to spare; where that is refused too (a compaction that keeps no message, say), the
  // same with one more short message at the end, kept, and room for it: the more ordinary compaction.
  for (const asked of [scenario, keepingOneMore(scenario)]) {
    const room = asked === null ? null : roomyCompaction(asked);
    const answer = room === null ? undefined : await probe.observe(room.roomy);
    if (answer?.outcome.kind === "returned") return at(answer.outcome.value, STORED_SUMMARY);
  }
  return undefined;
}

/** The compaction with a short user message appended and kept (retainRecentMessages at least 1), targetUnits and maxUnits raised by 50 for it; null where the input has no messages array. */
function keepingOneMore(scenario: Scenario): Scenario | null {
  const op = scenario.operation;
  if (op.kind !== "compact") return null;
  const [input, options] = [op.context, op.options];
  if (!isJsonObject(input) || !Array.isArray(input.messages) || !isJsonObject(options)) return null;
  const { retainRecentMessages: retain, targetUnits: target, maxUnits } = options;
  if (typeof retain !== "number" || typeof target !== "number" || typeof maxUnits !== "number") return null;
  const ids = new Set(input.messages.map((m) => (isJsonObject(m) ? m.id : undefined)));
  let id = "kept";
  while (ids.has(id)) id = `${id}-`;
  const context = { ...input, messages: [...input.messages, { id, role: "user", content: "k" }] };
  return { ...scenario, operation: { ...op, context, options: { ...options, retainRecentMessages: Math.max(1, retain), targetUnits: target + 50, maxUnits: maxUnits + 50 } } };
}

/** Whether an outcome the contract accepts is the observation's: a result, or a refusal with its code. */
function sameKind(e: ReturnType<typeof acceptedOutcomes>[number], observation: Observation): boolean {
  const outcome = observation.outcome;
  if (e.kind === "returns") return outcome.kind === "returned";
  return outcome.kind === "threw" && typeof outcome.error.code === "string" && e.codes.includes(outcome.error.code);
}
