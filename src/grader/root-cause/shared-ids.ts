import { type Json, isJsonObject } from "../../scenario/data";
import type { Scenario } from "../../scenario/scenario";
import { contractOf } from "./accepts";
import { ofLength } from "./build-features";
import { CODE } from "../../model/limits";
import { acceptedOutcomes } from "../../scenario/expected";
import type { UpstreamProbe } from "./probe";

// A compaction's options refused with CONTEXT_INVALID_INPUT where the contract takes them, and
// accepted on an empty context: the objection may be to an id the context already uses (its
// summary's, a record's, a message's) that summaryId or recordId repeats, which §7 checks only
// for a recordId already used by a record (step 3). Asked as the explain phase does, with that
// one part changed: every such id of the context replaced by another of as many code points
// (units, limits and the contract's answer stay), the subject's refusal goes away.

/** Whether the subject's refusal of `scenario` turns on an id of the context that its options repeat. */
export async function refusedForSharedId(scenario: Scenario, probe: UpstreamProbe | null): Promise<boolean> {
  const op = scenario.operation;
  if (probe === null || op.kind !== "compact" || !isJsonObject(op.options) || !isJsonObject(op.context)) return false;
  const ids = [op.options.summaryId, op.options.recordId].filter((v): v is string => typeof v === "string");
  const taken = new Set<string>(JSON.stringify(op.context).match(/"(?:[^"\\]|\\.)*"/g)?.map((s) => JSON.parse(s) as string) ?? []);
  const renamed = new Map<string, string>();
  for (const id of ids.filter((x) => taken.has(x))) {
    const other = fresh(id, new Set([...taken, ...renamed.values()]));
    if (other === null) return false;
    renamed.set(id, other);
  }
  if (renamed.size === 0) return false;
  const rename = (v: Json | undefined): Json | undefined => (typeof v === "string" && renamed.has(v) ? renamed.get(v)! : v);
  const context = op.context;
  const withId = (record: Json, fields: readonly string[]): Json => (isJsonObject(record) ? { ...record, ...Object.fromEntries(fields.filter((f) => f in record).map((f) => [f, rename(record[f]) as Json])) } : record);
  const list = (v: Json | undefined) => (Array.isArray(v) ? v : null);
  const changed: Json = {
    ...context,
    ...(isJsonObject(context.summary) ? { summary: withId(context.summary, ["id"]) } : {}),
    ...(list(context.messages) === null ? {} : { messages: list(context.messages)!.map((m) => withId(m, ["id"])) }),
    ...(list(context.compactions) === null ? {} : { compactions: list(context.compactions)!.map((r) => withId(r, ["id", "summaryId"])) }),
  };
  const variant: Scenario = { ...scenario, operation: { ...op, context: changed as never } };
  const contract = contractOf(variant);
  if (contract === null || acceptedOutcomes(contract).some((e) => e.kind === "throws" && e.codes.includes(CODE.invalidInput))) return false;
  // The refusal is gone (whatever else the subject then answers, another mistake's departure included).
  const answer = await probe.observe(variant);
  const outcome = answer?.outcome;
  return outcome !== undefined && !(outcome.kind === "threw" && outcome.error.isContextCompactionError && outcome.error.code === CODE.invalidInput && answer!.summarizerCalls.length === 0);
}

/** Another plain string of as many code points as `id` (./build-features ofLength), used nowhere in the context; null when none of that length is left. */
function fresh(id: string, taken: ReadonlySet<string>): string | null {
  const length = Math.max(1, [...id].length);
  for (let n = 0; ; n++) {
    const candidate = ofLength(length, n);
    if (candidate.length > length) return null;
    if (candidate !== id && !taken.has(candidate)) return candidate;
  }
}
