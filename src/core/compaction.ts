// compactContext (contract §7), steps 1-8 in the contract's order. Every check that can fail
// runs before anything is created that a caller could see, so a failure leaves no record
// and nothing changed. On a context this module built, nothing already validated is read
// again: the kept messages are the same frozen objects, units and counts come from the
// context's prefix sums, and only what can change (suffix linkage, the new summary, the
// record, the limits of the derived context) is checked.
import {
  MAX_CONTEXT_COLLECTION_ITEMS,
  MAX_CONTEXT_RECORDS,
  MAX_CONTEXT_STRING_UNITS,
  MAX_CONTEXT_TOTAL_UNITS,
} from "./limits";
import { IntrinsicPromise, apply, freeze, signalAborted, sliceOf } from "./intrinsics";
import { fail } from "./errors";
import type { ActiveContext, ActiveContextInput, CompactContextOptions, CompactionRecord, ContextCompactionResult } from "./types";
import { contextInfo } from "./snapshot";
import { readCompactOptions, type CompactOptions } from "./options";
import { boundaryOf } from "./boundary";
import { messageUnits, register, type ContextInfo } from "./registry";
import { awaitValue } from "./observe-async";
import { isNonEmpty } from "./read";
import { SUMMARY_BASE, codePoints } from "./units";

export function compactContext(
  context: ActiveContext | ActiveContextInput,
  options: CompactContextOptions,
): Promise<ContextCompactionResult> {
  // The captured constructor: the result is a genuine promise whatever `Promise` is now.
  return new IntrinsicPromise<ContextCompactionResult>((resolve, reject) => {
    try {
      start(context, options, resolve, reject);
    } catch (error) {
      reject(error);
    }
  });
}

function start(
  input: unknown,
  rawOptions: unknown,
  resolve: (result: ContextCompactionResult) => void,
  reject: (error: unknown) => void,
): void {
  // 1. Build the context, then read the options.
  const info = contextInfo(input);
  const options = readCompactOptions(rawOptions);
  // 2. Small enough: the very same context, without calling the summarizer or the signal.
  if (info.totalUnits <= options.maxUnits) {
    resolve(freeze({ status: "unchanged", context: info.context, record: null }));
    return;
  }
  // 3. Cancellation, record id, boundary.
  const signal = options.signal;
  if (signal !== undefined && signalAborted(signal)) fail("CONTEXT_CANCELLED", "the signal was aborted before compaction");
  const records = info.context.compactions;
  for (let i = 0; i < records.length; i++) {
    if (records[i].id === options.recordId) fail("CONTEXT_INVALID_INPUT", `record id ${options.recordId} is already used`);
  }
  const boundary = boundaryOf(info, options);
  if (boundary === null) fail("CONTEXT_BOUNDARY_UNAVAILABLE", "no whole-group cut fits the target");
  // 4. One call, with a frozen request.
  const request = freeze({
    requirements: info.context.requirements,
    previousSummary: info.context.summary,
    messages: freeze(sliceOf(info.messages, 0, boundary)),
    boundary,
    maxSummaryUnits: options.summaryMaxUnits,
  });
  let value: unknown;
  try {
    value = apply(options.summarizer, undefined, [request, signal]);
  } catch {
    fail("CONTEXT_SUMMARIZER_FAILED", "the summarizer threw");
  }
  // 5. Await it, watching the signal; then 6-8.
  awaitValue(value, signal, (error, text) => {
    if (error !== null) return reject(error);
    try {
      resolve(commit(info, options, boundary, text));
    } catch (failure) {
      reject(failure);
    }
  });
}

function commit(info: ContextInfo, options: CompactOptions, boundary: number, text: unknown): ContextCompactionResult {
  // 6. The summary text.
  if (options.signal !== undefined && signalAborted(options.signal)) fail("CONTEXT_CANCELLED", "the signal aborted as the summary settled");
  if (typeof text !== "string") fail("CONTEXT_SUMMARY_INVALID", "the summary is not a string");
  const textUnits = codePoints(text);
  if (textUnits > MAX_CONTEXT_STRING_UNITS) fail("CONTEXT_LIMIT_EXCEEDED", `the summary is longer than ${MAX_CONTEXT_STRING_UNITS} code points`);
  if (!isNonEmpty(text)) fail("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is only whitespace");
  const summaryIdUnits = codePoints(options.summaryId);
  const summaryUnits = SUMMARY_BASE + summaryIdUnits + textUnits;
  if (summaryUnits > options.summaryMaxUnits) fail("CONTEXT_SUMMARY_INSUFFICIENT", "the summary exceeds summaryMaxUnits");
  // 7. The kept suffix: a result whose call was compacted would orphan it; and the target.
  const count = info.messages.length;
  const offset = info.offset;
  const callIndex = info.table.callIndex;
  for (let i = boundary; i < count; i++) {
    const call = callIndex[offset + i];
    if (call !== -1 && call < offset + boundary) fail("CONTEXT_INVALID_TRANSCRIPT", "the kept messages would orphan a tool result");
  }
  const unitsAfter = info.requirementUnits + summaryUnits + messageUnits(info, boundary, count);
  if (unitsAfter > options.targetUnits) fail("CONTEXT_SUMMARY_INSUFFICIENT", "the compacted context exceeds targetUnits");
  // 8. The record and the new context, validated as buildActiveContext would (from counts
  // kept for the old context), then the signal once more.
  const compactedMessageIds: string[] = [];
  let idUnits = 0;
  for (let i = 0; i < boundary; i++) {
    const id = info.messages[i].id;
    compactedMessageIds[i] = id;
    idUnits += codePoints(id);
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
  const recordIdUnits = codePoints(options.recordId);
  // The derived context's budgets, as buildActiveContext would count them: the old counts,
  // minus the compacted messages, their array slots and the old summary, plus the new
  // summary, one more compactions slot and the record with its ids.
  const items =
    info.items - (prefix.itemsPrefix[offset + boundary] - prefix.itemsPrefix[offset]) - boundary + 1 + boundary;
  const strings =
    info.strings -
    (prefix.stringsPrefix[offset + boundary] - prefix.stringsPrefix[offset]) -
    (old.summary === null ? 0 : info.summaryUnits - SUMMARY_BASE) +
    summaryIdUnits +
    textUnits +
    recordIdUnits +
    summaryIdUnits +
    idUnits;
  if (old.compactions.length + 1 > MAX_CONTEXT_RECORDS) fail("CONTEXT_LIMIT_EXCEEDED", `more than ${MAX_CONTEXT_RECORDS} compaction records`);
  if (summaryIdUnits > MAX_CONTEXT_STRING_UNITS || recordIdUnits > MAX_CONTEXT_STRING_UNITS) {
    fail("CONTEXT_LIMIT_EXCEEDED", `an id longer than ${MAX_CONTEXT_STRING_UNITS} code points`);
  }
  if (items > MAX_CONTEXT_COLLECTION_ITEMS) fail("CONTEXT_LIMIT_EXCEEDED", `more than ${MAX_CONTEXT_COLLECTION_ITEMS} collection items`);
  if (strings > MAX_CONTEXT_TOTAL_UNITS) fail("CONTEXT_LIMIT_EXCEEDED", `more than ${MAX_CONTEXT_TOTAL_UNITS} code points of strings`);
  const compactions: CompactionRecord[] = sliceOf(old.compactions, 0, old.compactions.length);
  compactions[compactions.length] = record;
  const messages = freeze(sliceOf(info.messages, boundary, count));
  const context: ActiveContext = freeze({
    requirements: old.requirements,
    summary: freeze({ id: options.summaryId, content: text }),
    messages,
    compactions: freeze(compactions),
  });
  if (options.signal !== undefined && signalAborted(options.signal)) fail("CONTEXT_CANCELLED", "the signal aborted before the result was exposed");
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

