// HELD-OUT EDIT (one mistake): the record id is checked against the old records only when the
// record is built (step 8), after the summarizer has been called, instead of at step 3.
// Otherwise a copy of src/core/compaction.ts.
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
} from "../../../src/core/limits";
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
import type { ActiveContext, ActiveContextInput, CompactContextOptions, CompactionRecord, ContextCompactionResult } from "../../../src/core/types";
import { contextInfo } from "../../../src/core/snapshot";
import { readCompactOptions, type CompactOptions } from "../../../src/core/options";
import { boundaryOf } from "../../../src/core/boundary";
import { messageUnits, register, type ContextInfo } from "../../../src/core/registry";
import { awaitValue } from "../../../src/core/observe-async";
import { SignalWatch, readAborted, summarizerSignal } from "../../../src/core/signal";
import { isNonEmpty } from "../../../src/core/read";
import { SUMMARY_BASE, codePoints } from "../../../src/core/units";

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
  // 3. Cancellation, record id, boundary. (A signal whose read throws now, a Proxy whose
  // traps changed their mind, is no longer a genuine signal: refused before the call.)
  const signal = options.signal;
  const aborted = signal === undefined ? false : readAborted(signal);
  // Stryker disable next-line StringLiteral: message text; the code is the contract
  if (aborted === null) fail(INVALID_INPUT, "reading options.signal threw");
  // Stryker disable next-line StringLiteral: message text; the code is the contract
  if (aborted) fail(CANCELLED, "the signal was aborted before compaction");
  const boundary = boundaryOf(info, options);
  // Stryker disable next-line StringLiteral: message text; the code is the contract
  if (boundary === null) fail(BOUNDARY_UNAVAILABLE, "no whole-group cut fits the target");
  // 4. One call, with a frozen request and the caller's signal (or a fresh one, §8).
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
    // Stryker disable next-line StringLiteral: message text; the code is the contract
    fail(SUMMARIZER_FAILED, "the summarizer threw");
  }
  // 5. Await it, watching the signal (the listener stays attached until the result is
  // exposed); then 6-8.
  const watch = new SignalWatch(signal);
  awaitValue(value, watch, (error, text) => {
    if (error !== null) {
      watch.stop();
      return reject(error);
    }
    try {
      resolve(commit(info, options, boundary, text, watch));
    } catch (failure) {
      reject(failure);
    }
    watch.stop();
  });
}

/**
 * §7's signal reads after the await and before exposure: aborted or unreadable fails. Alone
 * it is redundant with awaitValue's read when the value settles, in the same job with no
 * caller code between (see observe-async.ts signalEnds): its mutants are equivalent.
 */
// Stryker disable next-line BlockStatement: see above
function checkSignal(watch: SignalWatch): void {
  const state = watch.state();
  // Stryker disable next-line StringLiteral,ConditionalExpression: message text; redundant (see above)
  if (state === "aborted") fail(CANCELLED, "the signal aborted as the summary settled");
  // Stryker disable next-line StringLiteral,ConditionalExpression: message text; redundant (see above)
  if (state === "unreadable") fail(SUMMARIZER_FAILED, "reading the signal threw");
}

function commit(info: ContextInfo, options: CompactOptions, boundary: number, text: unknown, watch: SignalWatch): ContextCompactionResult {
  // 6. The summary text. The abort listener has not fired if a caller's listener stopped the
  // event, so the signal is read again ("after the await").
  checkSignal(watch);
  if (typeof text !== "string") {
    // Stryker disable next-line StringLiteral: message text; the code is the contract
    fail(SUMMARY_INVALID, "the summary is not a string");
  }
  const textUnits = codePoints(text);
  // Stryker disable next-line StringLiteral: message text; the code is the contract
  if (textUnits > MAX_CONTEXT_STRING_UNITS) fail(LIMIT_EXCEEDED, `the summary is longer than ${MAX_CONTEXT_STRING_UNITS} code points`);
  // Stryker disable next-line StringLiteral: message text; the code is the contract
  if (!isNonEmpty(text)) fail(SUMMARY_INSUFFICIENT, "the summary is only whitespace");
  const summaryIdUnits = codePoints(options.summaryId);
  const summaryUnits = SUMMARY_BASE + summaryIdUnits + textUnits;
  // Stryker disable next-line StringLiteral: message text; the code is the contract
  if (summaryUnits > options.summaryMaxUnits) fail(SUMMARY_INSUFFICIENT, "the summary exceeds summaryMaxUnits");
  // 7. The kept suffix: a result whose call was compacted would orphan it; and the target.
  // Both checks are kept as the contract states them, but neither can fail here: the boundary
  // is a group end (no call before it has a result after it), and R + S + suffix <= T is what
  // made it the boundary, with summaryUnits <= S checked above. Their mutants are equivalent.
  const count = info.messages.length;
  const offset = info.offset;
  const callIndex = info.table.callIndex;
  // Stryker disable all: unreachable, the boundary is a group end (see above)
  for (let i = boundary; i < count; i++) {
    const call = callIndex[offset + i];
    if (call !== -1 && call < offset + boundary) fail(INVALID_TRANSCRIPT, "the kept messages would orphan a tool result");
  }
  // Stryker restore all
  const unitsAfter = info.requirementUnits + summaryUnits + messageUnits(info, boundary, count);
  // Stryker disable next-line all: unreachable, the boundary and summaryMaxUnits already guarantee it (see above)
  if (unitsAfter > options.targetUnits) fail(SUMMARY_INSUFFICIENT, "the compacted context exceeds targetUnits");
  const records = info.context.compactions;
  for (let i = 0; i < records.length; i++) {
    if (records[i].id === options.recordId) fail(INVALID_INPUT, `record id ${options.recordId} is already used`);
  }
  // 8. The record and the new context, validated as buildActiveContext would (from counts
  // kept for the old context), then the signal is read once more (before register).
  // Stryker disable next-line ArrayDeclaration: boundary >= 1, so the loop writes index 0 whatever the array starts with
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
  // Stryker disable next-line StringLiteral: message text; the code is the contract
  if (old.compactions.length + 1 > MAX_CONTEXT_RECORDS) fail(LIMIT_EXCEEDED, `more than ${MAX_CONTEXT_RECORDS} compaction records`);
  // Stryker disable next-line StringLiteral: message text; the code is the contract
  if (items > MAX_CONTEXT_COLLECTION_ITEMS) fail(LIMIT_EXCEEDED, `more than ${MAX_CONTEXT_COLLECTION_ITEMS} collection items`);
  // Stryker disable next-line StringLiteral: message text; the code is the contract
  if (strings > MAX_CONTEXT_TOTAL_UNITS) fail(LIMIT_EXCEEDED, `more than ${MAX_CONTEXT_TOTAL_UNITS} code points of strings`);
  const compactions: CompactionRecord[] = sliceOf(old.compactions, 0, old.compactions.length);
  compactions[compactions.length] = record;
  const messages = freeze(sliceOf(info.messages, boundary, count));
  const context: ActiveContext = freeze({
    requirements: old.requirements,
    summary: freeze({ id: options.summaryId, content: text }),
    messages,
    compactions: freeze(compactions),
  });
  // "Just before the result is exposed": the signal is read once more. Only a Proxy's trap,
  // run by the reads, can have aborted it since step 6.
  checkSignal(watch);
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

