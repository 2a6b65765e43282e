// Wes's flow: his selectCompactionBoundary and compactContext (contract §6, §7 steps 1-8), written
// after src/core's compaction.ts, over three parts of his own: his options reader (./reader), his
// waiting step (./follow) and his reading of the settled summary (`summaryText` below). The core
// builds the context, finds the boundary over it and keeps the prefix sums; the rest is his.
import { MAX_CONTEXT_COLLECTION_ITEMS, MAX_CONTEXT_RECORDS, MAX_CONTEXT_STRING_UNITS, MAX_CONTEXT_TOTAL_UNITS } from "../../../src/core/limits";
import { IntrinsicPromise, apply, freeze, sliceOf } from "../../../src/core/intrinsics";
import {
  BOUNDARY_UNAVAILABLE,
  CANCELLED,
  INVALID_INPUT,
  INVALID_TRANSCRIPT,
  LIMIT_EXCEEDED,
  SUMMARIZER_FAILED,
  SUMMARY_INSUFFICIENT,
  SUMMARY_INVALID,
  fail,
} from "../../../src/core/errors";
import type { CompactionRecord } from "../../../src/core/types";
import { contextInfo } from "../../../src/core/snapshot";
import type { CompactOptions } from "../../../src/core/options";
import { boundaryOf } from "../../../src/core/boundary";
import { messageUnits, register, type ContextInfo } from "../../../src/core/registry";
import { SignalWatch, readAborted, summarizerSignal } from "../../../src/core/signal";
import { isNonEmpty } from "../../../src/core/read";
import { SUMMARY_BASE, codePoints } from "../../../src/core/units";
import { readBudgets, readCompactOptions, type Flags } from "./reader";
import { waitFor } from "./follow";

export function selectCompactionBoundary(input: unknown, rawOptions: unknown, flags: Flags): number | null {
  // The context first, then the options.
  const info = contextInfo(input);
  const budgets = readBudgets(rawOptions, false, flags);
  return boundaryOf(info, budgets as CompactOptions);
}

export function compactContext(input: unknown, rawOptions: unknown, flags: Flags): Promise<unknown> {
  return new IntrinsicPromise((resolve, reject) => {
    try {
      run(input, rawOptions, flags, resolve, reject);
    } catch (error) {
      reject(error);
    }
  });
}

function run(input: unknown, rawOptions: unknown, flags: Flags, resolve: (v: unknown) => void, reject: (e: unknown) => void): void {
  // 1. the context, then the options
  const info = contextInfo(input);
  const options = readCompactOptions(rawOptions, flags);
  // 2. small enough: the very context, nothing called
  if (info.totalUnits <= options.maxUnits) {
    resolve(freeze({ status: "unchanged", context: info.context, record: null }));
    return;
  }
  // 3. cancelled? record id free? a cut?
  const signal = options.signal;
  const aborted = signal === undefined ? false : readAborted(signal);
  if (aborted === null) fail(INVALID_INPUT, "reading options.signal threw");
  if (aborted) fail(CANCELLED, "the signal was aborted before compaction");
  for (const record of info.context.compactions) {
    if (record.id === options.recordId) fail(INVALID_INPUT, `record id ${options.recordId} is already used`);
  }
  const boundary = boundaryOf(info, options);
  if (boundary === null) fail(BOUNDARY_UNAVAILABLE, "no whole-group cut fits the target");
  // 4. one call
  const request = freeze({
    requirements: info.context.requirements,
    previousSummary: info.context.summary,
    messages: freeze(sliceOf(info.messages, 0, boundary)),
    boundary,
    maxSummaryUnits: options.summaryMaxUnits,
  });
  let value: unknown;
  try {
    value = apply(options.summarizer, undefined, [request, summarizerSignal(signal)]);
  } catch {
    fail(SUMMARIZER_FAILED, "the summarizer threw");
  }
  // 5. wait, watching the signal; 6-8 once it settled
  const watch = new SignalWatch(signal);
  waitFor(flags)(value, watch, (error, settled) => {
    if (error !== null) {
      watch.stop();
      return reject(error);
    }
    try {
      resolve(finish(info, options, boundary, settled, watch, flags));
    } catch (failure) {
      reject(failure);
    }
    watch.stop();
  });
}

function stillWanted(watch: SignalWatch): void {
  const state = watch.state();
  if (state === "aborted") fail(CANCELLED, "the signal aborted as the summary settled");
  if (state === "unreadable") fail(SUMMARIZER_FAILED, "reading the signal threw");
}

/** Wes's reading of the settled value: the summary's text. */
function summaryText(settled: unknown, flags: Flags): string {
  if (typeof settled === "string") return settled;
  // [planted summary-coerced-to-string] a value that is not a string is written out as text ("whatever came back, as text")
  if (flags.has("summary-coerced-to-string")) return String(settled);
  return fail(SUMMARY_INVALID, "the summary is not a string");
}

function finish(info: ContextInfo, options: CompactOptions, boundary: number, settled: unknown, watch: SignalWatch, flags: Flags): unknown {
  // 6. the summary
  stillWanted(watch);
  const text = summaryText(settled, flags);
  const textUnits = codePoints(text);
  if (textUnits > MAX_CONTEXT_STRING_UNITS) fail(LIMIT_EXCEEDED, `the summary is longer than ${MAX_CONTEXT_STRING_UNITS} code points`);
  if (!isNonEmpty(text)) fail(SUMMARY_INSUFFICIENT, "the summary is only whitespace");
  const summaryIdUnits = codePoints(options.summaryId);
  const summaryUnits = SUMMARY_BASE + summaryIdUnits + textUnits;
  if (summaryUnits > options.summaryMaxUnits) fail(SUMMARY_INSUFFICIENT, "the summary exceeds summaryMaxUnits");
  // 7. the kept suffix: linked, and within the target
  const count = info.messages.length;
  const offset = info.offset;
  const callIndex = info.table.callIndex;
  for (let i = boundary; i < count; i++) {
    const call = callIndex[offset + i];
    if (call !== -1 && call < offset + boundary) fail(INVALID_TRANSCRIPT, "the kept messages would orphan a tool result");
  }
  const unitsAfter = info.requirementUnits + summaryUnits + messageUnits(info, boundary, count);
  if (unitsAfter > options.targetUnits) fail(SUMMARY_INSUFFICIENT, "the compacted context exceeds targetUnits");
  // 8. the record and the new context, within the limits counted for the old one
  const compactedMessageIds: string[] = [];
  let idUnits = 0;
  for (let i = 0; i < boundary; i++) {
    const messageId = info.messages[i].id;
    compactedMessageIds[i] = messageId;
    idUnits += codePoints(messageId);
  }
  const record: CompactionRecord = freeze({
    id: options.recordId,
    summaryId: options.summaryId,
    boundary,
    compactedMessageIds: freeze(compactedMessageIds),
    unitsBefore: info.totalUnits,
    unitsAfter,
  });
  const old = info.context;
  const prefix = info.table;
  const items = info.items - (prefix.itemsPrefix[offset + boundary] - prefix.itemsPrefix[offset]) - boundary + 1 + boundary;
  const strings =
    info.strings -
    (prefix.stringsPrefix[offset + boundary] - prefix.stringsPrefix[offset]) -
    (old.summary === null ? 0 : info.summaryUnits - SUMMARY_BASE) +
    summaryIdUnits +
    textUnits +
    codePoints(options.recordId) +
    summaryIdUnits +
    idUnits;
  if (old.compactions.length + 1 > MAX_CONTEXT_RECORDS) fail(LIMIT_EXCEEDED, `more than ${MAX_CONTEXT_RECORDS} compaction records`);
  if (items > MAX_CONTEXT_COLLECTION_ITEMS) fail(LIMIT_EXCEEDED, `more than ${MAX_CONTEXT_COLLECTION_ITEMS} collection items`);
  if (strings > MAX_CONTEXT_TOTAL_UNITS) fail(LIMIT_EXCEEDED, `more than ${MAX_CONTEXT_TOTAL_UNITS} code points of strings`);
  const compactions: CompactionRecord[] = sliceOf(old.compactions, 0, old.compactions.length);
  compactions[compactions.length] = record;
  const messages = freeze(sliceOf(info.messages, boundary, count));
  const context = freeze({
    requirements: old.requirements,
    summary: freeze({ id: options.summaryId, content: text }),
    messages,
    compactions: freeze(compactions),
  });
  // just before the result is exposed
  stillWanted(watch);
  register({
    context,
    messages,
    table: info.table,
    offset: offset + boundary,
    requirementUnits: info.requirementUnits,
    summaryUnits,
    totalUnits: unitsAfter,
    items,
    strings,
  });
  return freeze({ status: "compacted", context, record });
}
