import { type Json, isJsonObject } from "../../scenario/data";
import { acceptedOutcomes } from "../../scenario/expected";
import type { Scenario } from "../../scenario/scenario";
import { differingFields, normalizedPath, outcomeDeparture, returnedValue, wholeField } from "./departure";
import { RECORD_IDENTITY } from "./focus";
import { contractOf } from "./accepts";
import { plainShapes } from "./plain-shapes";
import type { UpstreamProbe } from "./probe";
import { contractUnits } from "./refine-units";
import type { RuleId } from "./rules";
import { value } from "../report/notation";

// Mistakes of the result that hide behind one another. A compacted result names its first
// differing field (./departure), so a submission that gets two or three fields of the record
// wrong at once (the compacted ids, the record's id, result.record a copy of the last record)
// fails every property on the first of them: one root cause for three mistakes, since the
// fields always differ together in its answers. Where the grade holds a mistake of the result,
// the analysis asks plain compactions (./plain-shapes, one context with a requirement, a
// summary and an old record, and one that compacts a tool round) and compares each field of the answer with the contract's. A field
// that departs and that no other differing field explains (a different cut, which the kept
// messages show, explains the compacted ids, the record's boundary and unitsAfter; a different summary id the record's summaryId; a miscount of
// units, which the subject's own estimateContextUnits shows, the units) is a mistake of its own;
// one that no root cause names yet is one more, found by asking.

export interface RecordFinding {
  /** The field of the result that departs on its own (a dotted path, or "identity.record"). */
  readonly field: string;
  readonly key: string;
  readonly rule: RuleId;
  readonly question: string;
  readonly subject: string;
  readonly contract: string;
  /** Whether a root cause of the grade names it already (a field departing on its own all the same: a mistake apart from the others). */
  readonly known: boolean;
}

/** The fields of a compacted result a mistake of step 8 can get wrong alone, and the differing fields that would explain each. */
const OWN_FIELDS: Readonly<Record<string, readonly string[]>> = {
  // Another cut shows in the kept messages; a record.boundary written otherwise beside the same
  // kept messages is a field of its own, and explains no other field.
  "record.boundary": ["context.messages", "context.compactions"],
  "record.compactedMessageIds": ["context.messages", "context.compactions"],
  "record.id": ["context.compactions"],
  "record.summaryId": ["context.summary.id", "context.summary", "context.compactions"],
  "record.unitsBefore": ["context.compactions"],
  "record.unitsAfter": ["context.messages", "context.summary.content", "context.summary.id", "context.summary", "context.requirements", "context.compactions", "record.unitsBefore"],
  "context.requirements": [],
  "context.compactions": [],
  // The summary's fields: asked only where the new context holds no summary object (below).
  "context.summary.content": [],
  "context.summary.id": [],
  // The record kept elsewhere than last (the old records differ) is another record than result.record.
  [RECORD_IDENTITY]: ["context.compactions"],
};

const UNITS_FIELDS = ["record.unitsBefore", "record.unitsAfter"];

/** A context with a requirement, a summary and an old record, four messages, the first two cut off. */
function richShape(): Scenario {
  const user = (id: string, content: string) => ({ id, role: "user", content });
  const messages = [user("m1", "x".repeat(40)), user("m2", "y".repeat(40)), user("m3", "z"), user("m4", "w")];
  const context = {
    requirements: [{ id: "q1", content: "keep" }],
    summary: { id: "s0", content: "old" },
    messages,
    compactions: [{ id: "r0", summaryId: "s0", boundary: 1, compactedMessageIds: ["m0"], unitsBefore: 60, unitsAfter: 30 }],
  };
  // Units: requirement 3 + 2 + 4, summary 5 + 2 + 3, messages 4 + 2 + 40 twice and 4 + 2 + 1 twice.
  const options = { maxUnits: 60, targetUnits: 60, summaryMaxUnits: 20, retainRecentMessages: 2, summaryId: "s1", recordId: "r1" };
  return { operation: { kind: "compact", context, prebuilt: false, options, summarizer: { kind: "text", text: "sum", delivery: "sync" }, summarizerSlot: "script", signal: "none", abort: "none" } };
}

/** A tool round (a call and its result) compacted with the message before it, two short messages kept: the compacted ids of a round. */
function roundShape(): Scenario {
  const user = (id: string, content: string) => ({ id, role: "user", content });
  const call = { id: "a1", role: "assistant", content: [{ type: "toolCall", id: "c1", name: "f", arguments: {} }] };
  const result = { id: "t1", role: "toolResult", toolCallId: "c1", toolName: "f", content: "y".repeat(40), isError: false };
  const context = { requirements: [], summary: null, messages: [user("m1", "x".repeat(40)), call, result, user("m3", "z"), user("m4", "w")], compactions: [] };
  // The contract cuts at 3 (m1, a1 and t1 compacted; 129 units before, 24 after).
  const options = { maxUnits: 40, targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 2, summaryId: "s1", recordId: "r1" };
  return { operation: { kind: "compact", context, prebuilt: false, options, summarizer: { kind: "text", text: "sum", delivery: "sync" }, summarizerSlot: "script", signal: "none", abort: "none" } };
}

const compacted = (v: Json | undefined): v is { [k: string]: Json } => isJsonObject(v) && v.status === "compacted";

/** The fields of the result that depart on their own on the battery, each with the first question that shows it and whether one of the `known` keys names it. */
export async function recordBattery(probe: UpstreamProbe, known: ReadonlySet<string>): Promise<readonly RecordFinding[]> {
  const found = new Map<string, RecordFinding>();
  const named = (field: string) => [...known].some((key) => key.includes(field));
  for (const asking of [richShape(), roundShape(), ...plainShapes("sum", { kind: "text", text: "sum", delivery: "sync" }, "none", "none")]) {
    const contract = contractOf(asking);
    const asked = contract === null ? undefined : await probe.asked(asking);
    if (contract === null || asked === undefined) continue;
    const { scenario, observation } = asked;
    const outcome = observation.outcome;
    const want = returnedValue(contract, observation);
    if (outcome.kind !== "returned" || !compacted(outcome.value) || !compacted(want ?? undefined) || !acceptedOutcomes(contract).every((e) => e.kind === "returns")) continue;
    const fields = [...differingFields(outcome.value, want!), ...(observation.identity.recordIsLastCompaction === false ? [RECORD_IDENTITY] : [])];
    const own = Object.keys(OWN_FIELDS).filter((f) => fields.includes(f) && !OWN_FIELDS[f]!.some((cause) => fields.includes(cause)));
    const op = scenario.operation as Extract<Scenario["operation"], { kind: "compact" }>;
    const question = `compactContext(${value(op.context, 160)}, ${value(op.options, 120)}) with a summarizer returning "sum"`;
    const miscounts = own.some((f) => UNITS_FIELDS.includes(f)) && (await unitsDepart(probe, op.context, (want as { context: Json }).context));
    // A field of an object returned as a whole otherwise (no record, an old record, a text for the
    // summary) departs as that object: one finding for all its fields, the record's identity too.
    const wholes = new Map(own.map((f) => [f, f === RECORD_IDENTITY ? f : wholeField(outcome.value, want!, f)]));
    const recordWhole = [...wholes.values()].includes("record");
    for (const ownField of own) {
      const field = wholes.get(ownField)!;
      if (ownField.startsWith("context.summary.") && field !== "context.summary") continue;
      if (field === RECORD_IDENTITY && recordWhole) continue;
      if (field === RECORD_IDENTITY) {
        if (!found.has(RECORD_IDENTITY)) found.set(RECORD_IDENTITY, { field, key: "identity.record", rule: "identity.record", question: `${question}: result.record === the new context's last record`, subject: "false (another object)", contract: "true", known: known.has("identity.record") });
        continue;
      }
      const key = `step8.result value ${normalizedPath(field)}`;
      if ((miscounts && UNITS_FIELDS.includes(field)) || found.has(key)) continue;
      const departure = outcomeDeparture(observation, contract, field);
      found.set(key, { field, key, rule: "step8.result", question, subject: departure?.subject ?? "", contract: departure?.contract ?? "", known: known.has(key) || named(field) });
    }
  }
  return [...found.values()];
}

/** Whether the subject's estimateContextUnits departs on the context before, or the contract's context after: a units mistake explains the record's units. */
async function unitsDepart(probe: UpstreamProbe, before: Json, after: Json): Promise<boolean> {
  for (const input of [before, after]) {
    const [own, contract] = [await probe.unitsOfInput(input), contractUnits(input)];
    if (own === null || contract === null || own !== contract) return true;
  }
  return false;
}
