import { isJsonObject, type Json } from "../../scenario/data";
import type { Observation } from "../../scenario/observation";
import type { Scenario } from "../../scenario/scenario";
import type { Signature } from "./signature-type";

// A compaction's result that names messages its input does not hold (kept or compacted ids that
// are no string of the input at all: another context's), or a compacted one made without calling
// the summarizer, is no answer to this call: another call's result, handed back (a cache, a
// module-level state kept between calls). One mistake whichever rule the call met (options the
// contract refuses, a context that fits, a summary to refuse): what this call should have
// answered is never reached. The contract's result only ever holds the input's own messages.

const KEY = "step8.result another call's result";

/** The signature of a result holding message ids the compaction's plain input does not hold; null otherwise. */
export function foreignResult(scenario: Scenario, observation: Observation): Signature | null {
  const op = scenario.operation;
  if (op.kind !== "compact" || observation.outcome.kind !== "returned" || (scenario.decorations ?? []).some((d) => d.target === "input")) return null;
  const input = op.context;
  if (!isJsonObject(input) || !Array.isArray(input.messages)) return null;
  // (Any string the call was given counts as its own: an old record's compacted ids, a call's id,
  // the options' summaryId and recordId, the summarizer's text: a summary put among the messages
  // under its own id is this call's mistake, not another call's result.)
  const own = new Set([...stringsOf(input), ...stringsOf(op.options), ...stringsOf(op.summarizer as unknown as Json)]);
  const foreign = resultIds(observation.outcome.value).filter((id) => !own.has(id));
  // (Or a compacted result with its record and no summarizer call: its summary is no text this
  // call was given. A fast path's result merely labelled "compacted" has no record.)
  const value = observation.outcome.value;
  const unsummarized = isJsonObject(value) && value.status === "compacted" && isJsonObject(value.record) && observation.summarizerCalls.length === 0;
  if (unsummarized && foreign.length === 0) return { key: KEY, rule: "step8.result", question: "compactContext", subject: "returns a compacted result without calling the summarizer", contract: "a result of this call's own input, summarized by its summarizer" };
  if (foreign.length === 0) return null;
  return { key: KEY, rule: "step8.result", question: "compactContext", subject: `returns a result naming ${foreign.length === 1 ? "a message" : "messages"} the input does not hold (${foreign.slice(0, 3).map((id) => JSON.stringify(id)).join(", ")})`, contract: "a result of this call's own input" };
}

/** Every string an input holds, at any depth. */
function stringsOf(value: Json): Set<string> {
  const out = new Set<string>();
  const walk = (v: Json): void => {
    if (typeof v === "string") out.add(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (isJsonObject(v)) Object.values(v).forEach(walk);
  };
  walk(value);
  return out;
}

/** The message ids a result names: its context's messages and its record's compactedMessageIds. */
function resultIds(value: Json): string[] {
  if (!isJsonObject(value)) return [];
  const context = value.context;
  const record = value.record;
  const kept = isJsonObject(context) && Array.isArray(context.messages) ? context.messages.map((m) => (isJsonObject(m) ? m.id : undefined)) : [];
  const compacted = isJsonObject(record) && Array.isArray(record.compactedMessageIds) ? record.compactedMessageIds : [];
  return [...kept, ...compacted].filter((id): id is string => typeof id === "string");
}
