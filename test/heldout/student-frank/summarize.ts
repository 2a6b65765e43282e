// compactContext (§7), its eight steps in order. Nothing a caller can see is made before every
// check has passed, so a failure leaves the input as it was and no record anywhere.
import { MAX_CONTEXT_STRING_UNITS, bail, type Switches } from "./limits";
import { compactPlan, readSignal, type Plan } from "./budgets";
import { cp, filled, priceSummary } from "./measure";
import { walk } from "./rounds";
import { file, readInput, sheetOf, type ActiveContext, type CompactionRecord, type Sheet } from "./sheet";
import { waitFor, type Watch } from "./waiting";

const IntrinsicPromise = Promise;

export function compactContext(input: unknown, options: unknown, switches: Switches): Promise<unknown> {
  return new IntrinsicPromise((resolve, reject) => {
    try {
      run(input, options, switches, resolve, reject);
    } catch (error) {
      reject(error);
    }
  });
}

function run(input: unknown, options: unknown, switches: Switches, resolve: (v: unknown) => void, reject: (e: unknown) => void): void {
  // 1
  const sheet = sheetOf(input, switches);
  const plan = compactPlan(options);
  // 2
  if (sheet.total <= plan.maxUnits) {
    resolve(Object.freeze({ status: "unchanged", context: sheet.context, record: null }));
    return;
  }
  // 3
  if (plan.signal !== null) {
    const s = readSignal(plan.signal);
    if (s === "not a signal") bail("CONTEXT_INVALID_INPUT", "options.signal cannot be read");
    if (s === "aborted") bail("CONTEXT_CANCELLED", "the signal was aborted before the compaction");
  }
  for (const r of sheet.context.compactions) if (r.id === plan.recordId) bail("CONTEXT_INVALID_INPUT", `the record id ${plan.recordId} is taken`);
  const boundary = walk(sheet, plan, switches);
  if (boundary === null) bail("CONTEXT_BOUNDARY_UNAVAILABLE", "no cut after a whole group fits targetUnits");
  // 4
  const context = sheet.context;
  const request = Object.freeze({
    requirements: context.requirements,
    previousSummary: context.summary,
    messages: Object.freeze(context.messages.slice(0, boundary)),
    boundary,
    maxSummaryUnits: plan.summaryMaxUnits,
  });
  let value: unknown;
  try {
    value = Reflect.apply(plan.summarizer, undefined, [request, plan.signal ?? new AbortController().signal]);
  } catch {
    bail("CONTEXT_SUMMARIZER_FAILED", "the summarizer threw");
  }
  // 5, then 6 to 8
  waitFor(value, plan.signal, switches, (error, text, watch) => {
    if (error !== null) reject(error);
    else {
      try {
        resolve(conclude(sheet, plan, boundary, text, watch, switches));
      } catch (failure) {
        reject(failure);
      }
    }
    watch.detach();
  });
}

function stillWanted(watch: Watch): void {
  const s = watch.state();
  if (s === "aborted") bail("CONTEXT_CANCELLED", "the signal was aborted");
  if (s === "not a signal") bail("CONTEXT_SUMMARIZER_FAILED", "the signal can no longer be read");
}

function conclude(sheet: Sheet, plan: Plan, boundary: number, text: unknown, watch: Watch, switches: Switches): unknown {
  // 6
  stillWanted(watch);
  if (typeof text !== "string") return bail("CONTEXT_SUMMARY_INVALID", "the summarizer gave something that is not a string");
  if (cp(text) > MAX_CONTEXT_STRING_UNITS) bail("CONTEXT_LIMIT_EXCEEDED", "the summary has more than 65536 code points");
  if (!filled(text)) bail("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is only whitespace");
  const summaryUnits = priceSummary(plan.summaryId, text);
  // Mistake summary-measured-with-record-id: the size checked against summaryMaxUnits is taken
  // with the record's id where the summary's id belongs.
  const measured = switches.has("summary-measured-with-record-id") ? priceSummary(plan.recordId, text) : summaryUnits;
  if (measured > plan.summaryMaxUnits) bail("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is above summaryMaxUnits");
  // 7
  const context = sheet.context;
  const kept = context.messages.slice(boundary);
  const callsKept = new Set<string>();
  for (const m of kept) {
    if (m.role === "assistant") for (const b of m.content) if (b.type === "toolCall") callsKept.add(b.id);
    if (m.role === "toolResult" && !callsKept.has(m.toolCallId)) bail("CONTEXT_INVALID_TRANSCRIPT", "a kept result would lose its call");
  }
  let keptUnits = 0;
  for (let i = boundary; i < sheet.prices.length; i++) keptUnits += sheet.prices[i];
  const unitsAfter = sheet.requirementsPrice + summaryUnits + keptUnits;
  if (unitsAfter > plan.targetUnits) bail("CONTEXT_SUMMARY_INSUFFICIENT", "the compacted context is above targetUnits");
  // 8
  const record: CompactionRecord = Object.freeze({
    id: plan.recordId,
    summaryId: plan.summaryId,
    boundary,
    compactedMessageIds: Object.freeze(context.messages.slice(0, boundary).map((m) => m.id)),
    unitsBefore: sheet.total,
    unitsAfter,
  });
  const next: ActiveContext = Object.freeze({
    requirements: context.requirements,
    summary: Object.freeze({ id: plan.summaryId, content: text }),
    messages: Object.freeze(kept),
    compactions: Object.freeze([...context.compactions, record]),
  });
  const { roundEnd } = readInput(next, switches);
  stillWanted(watch);
  const filed = file(next, roundEnd);
  return Object.freeze({ status: "compacted", context: filed.context, record });
}
