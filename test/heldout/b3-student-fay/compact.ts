// Fay's compactContext (§7), steps 1-8 in order. The new context is validated by reading it
// as any input would be read, which also applies the budgets to it.
import { MAX_CONTEXT_STRING_UNITS, NativePromise, call, cp, filled, freeze, freshSignal, stop, type Flags, ContextCompactionError } from "./base";
import { sheetOf, type Rec, type Sheet } from "./intake";
import { compactOptions, type Settings } from "./options";
import { unitsFrom, walk } from "./rounds";
import { Watch, followSummary } from "./follow";

const summaryCost = (id: string, text: string): number => 5 + cp(id) + cp(text);

export function compactContext(input: unknown, options: unknown, flags: Flags): Promise<unknown> {
  return new NativePromise((resolve, reject) => {
    try {
      begin(input, options, flags, resolve, reject);
    } catch (error) {
      reject(error);
    }
  });
}

function begin(input: unknown, options: unknown, flags: Flags, resolve: (v: unknown) => void, reject: (e: unknown) => void): void {
  // 1
  const sheet = sheetOf(input, flags);
  const settings = compactOptions(options);
  // 2
  if (sheet.total <= settings.maxUnits) {
    resolve(freeze({ status: "unchanged", context: sheet.context, record: null }));
    return;
  }
  // 3
  const watch = new Watch(settings.signal);
  const state = watch.read();
  if (state === "broken") stop("CONTEXT_INVALID_INPUT", "the signal cannot be read");
  if (state === "aborted") stop("CONTEXT_CANCELLED", "aborted before compaction");
  if (sheet.context.compactions.some((r) => r.id === settings.recordId)) stop("CONTEXT_INVALID_INPUT", "recordId is already used");
  const boundary = walk(sheet, settings, flags);
  if (boundary === null) stop("CONTEXT_BOUNDARY_UNAVAILABLE", "no cut fits");
  // 4
  const request = freeze({
    requirements: sheet.context.requirements,
    previousSummary: sheet.context.summary,
    messages: freeze(sheet.context.messages.slice(0, boundary)),
    boundary,
    maxSummaryUnits: settings.summaryMaxUnits,
  });
  let value: unknown;
  try {
    value = call(settings.summarizer, undefined, [request, settings.signal ?? freshSignal()]);
  } catch {
    stop("CONTEXT_SUMMARIZER_FAILED", "the summarizer threw");
  }
  // 5
  followSummary(value, watch, flags, (error, text) => {
    if (error !== null) {
      watch.detach();
      reject(error);
      return;
    }
    try {
      resolve(finish(sheet, settings, boundary, text, watch, flags));
    } catch (failure) {
      reject(failure);
    }
    watch.detach();
  });
}

function checkSignal(watch: Watch): void {
  const s = watch.read();
  if (s === "aborted") stop("CONTEXT_CANCELLED", "aborted as the summary settled");
  if (s === "broken") stop("CONTEXT_SUMMARIZER_FAILED", "the signal cannot be read");
}

function finish(sheet: Sheet, settings: Settings, boundary: number, text: unknown, watch: Watch, flags: Flags): unknown {
  // 6
  checkSignal(watch);
  if (typeof text !== "string") stop("CONTEXT_SUMMARY_INVALID", "the summary is not a string");
  if (cp(text) > MAX_CONTEXT_STRING_UNITS) stop("CONTEXT_LIMIT_EXCEEDED", "the summary is too long");
  if (!filled(text)) stop("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is blank");
  const cost = summaryCost(settings.summaryId, text);
  if (cost > settings.summaryMaxUnits) stop("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is over summaryMaxUnits");
  // 7
  const old = sheet.context;
  const kept = old.messages.slice(boundary);
  const keptCalls = new Set<string>();
  for (const m of kept) {
    if (m.role === "assistant") for (const b of m.content) if (b.type === "toolCall") keptCalls.add(b.id);
    if (m.role === "toolResult" && !keptCalls.has(m.toolCallId)) stop("CONTEXT_INVALID_TRANSCRIPT", "a kept result lost its call");
  }
  const after = sheet.reqUnits + cost + unitsFrom(sheet, boundary);
  if (after > settings.targetUnits) stop("CONTEXT_SUMMARY_INSUFFICIENT", "the compacted context is over targetUnits");
  // 8
  const record: Rec = {
    id: settings.recordId,
    summaryId: settings.summaryId,
    boundary,
    compactedMessageIds: old.messages.slice(0, boundary).map((m) => m.id),
    unitsBefore: sheet.total,
    unitsAfter: flags.has("units-after-old-summary-id")
      ? // [planted units-after-old-summary-id] the new summary is charged with the id of the summary it replaces
        sheet.reqUnits + summaryCost(old.summary?.id ?? settings.summaryId, text) + unitsFrom(sheet, boundary)
      : after,
  };
  const next = sheetOf({ requirements: old.requirements, summary: { id: settings.summaryId, content: text }, messages: kept, compactions: [...old.compactions, record] }, flags);
  checkSignal(watch);
  const records = next.context.compactions;
  return freeze({ status: "compacted", context: next.context, record: records[records.length - 1] });
}

export { ContextCompactionError };
