// A copy of the reference's compactContext (src/core/compaction.ts, contract §7 steps 1-8)
// whose parts a held-out implementation may replace with its own version of one function: the
// student's boundary, fast-path test, summary check, signal watching or async observation. With
// no part replaced it is the reference, step for step. The Stryker comments of the original are
// dropped; the code is otherwise unchanged but for the `parts.` calls.
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
import { Escaped } from "./async-loop";

/** The parts of compactContext a held-out implementation may write itself. */
export type CompactParts = {
  /** Reads the options (§6, §7): the reference's readCompactOptions by default. */
  readonly readOptions?: (options: unknown) => CompactOptions;
  /** Builds the context (§3): the reference's contextInfo by default. */
  readonly contextInfo?: (input: unknown) => ContextInfo;
  /** §7 step 2: whether the context is small enough to be returned unchanged (the built context and the read options given too, s16). */
  readonly small?: (units: number, maxUnits: number, info: ContextInfo, options: CompactOptions) => boolean;
  /** §6: the boundary, from the built context and the read options. */
  readonly boundaryOf?: (info: ContextInfo, options: CompactOptions) => number | null;
  /** §7 step 3: the record id is checked before the summarizer is called (default true). */
  readonly recordIdBeforeCall?: boolean;
  /** §7 step 5: the awaiting of the summarizer's value. */
  readonly awaitValue?: typeof awaitValue;
  /** §7 step 5: whether the signal is still watched once the summarizer has been called (default true). */
  readonly watchAfterCall?: boolean;
  /** §7 step 6: what is taken as the summary text (s17: the read options given too). */
  readonly textOf?: (value: unknown, options: CompactOptions) => unknown;
  /** §7 step 6: the summary's units as compared with summaryMaxUnits. */
  readonly summaryUnitsForCheck?: (summaryIdUnits: number, textUnits: number) => number;
  /** §7 step 6: whether the summary text counts as only whitespace. */
  readonly isBlank?: (text: string) => boolean;
  /** (s16) §7 step 6: whether a summary longer than 65536 code points is refused (default true). */
  readonly summaryLengthChecked?: boolean;
  /** (s16) §7 step 6: the code of a summary value that is not a string (default CONTEXT_SUMMARY_INVALID). */
  readonly notStringCode?: typeof SUMMARY_INVALID | typeof SUMMARY_INSUFFICIENT;
  /** (s17) §7 step 6: whether a summary of this many code points is too long (default: more than 65536). */
  readonly summaryTooLong?: (textUnits: number) => boolean;
  /** (s18) §7 step 6: the code of a summary above summaryMaxUnits (default CONTEXT_SUMMARY_INSUFFICIENT). */
  readonly tooLargeCode?: typeof SUMMARY_INVALID | typeof SUMMARY_INSUFFICIENT;
  /** (s18) §7 step 3: the already aborted signal is checked after the record id and the boundary (default false: first). */
  readonly abortCheckedLast?: boolean;
  /** (b2a) §7 step 3: whether recordId is already used by one of the old records (default: compared with every record). */
  readonly recordIdUsed?: (records: readonly CompactionRecord[], recordId: string) => boolean;
  /** (s21) §7 step 5: whether the signal is watched and read for this value of the summarizer (default: always). */
  readonly signalWatchedFor?: (value: unknown) => boolean;
  /** (s23) §7 step 3 and step 5: how the signal's aborted state is read (default: the intrinsic getter, readAborted). */
  readonly readAborted?: (signal: AbortSignal) => boolean | null;
  /** (b8) §7 step 8: the student's own record writer, given the reference's record (frozen) and what it was made from; its answer is frozen. */
  readonly writeRecord?: (reference: CompactionRecord, info: ContextInfo, boundary: number, text: string, options: CompactOptions) => CompactionRecord;
};

export function compactWith(parts: CompactParts): (context: ActiveContext | ActiveContextInput, options: CompactContextOptions) => Promise<ContextCompactionResult> {
  return (context, options) =>
    // The captured constructor: the result is a genuine promise whatever `Promise` is now.
    new IntrinsicPromise<ContextCompactionResult>((resolve, reject) => {
      try {
        start(parts, context, options, resolve, reject);
      } catch (error) {
        reject(error);
      }
    });
}

function start(
  parts: CompactParts,
  input: unknown,
  rawOptions: unknown,
  resolve: (result: ContextCompactionResult) => void,
  reject: (error: unknown) => void,
): void {
  // 1. Build the context, then read the options.
  const info = (parts.contextInfo ?? contextInfo)(input);
  const options = (parts.readOptions ?? readCompactOptions)(rawOptions);
  // 2. Small enough: the very same context, without calling the summarizer or the signal.
  if (parts.small ? parts.small(info.totalUnits, options.maxUnits, info, options) : info.totalUnits <= options.maxUnits) {
    resolve(freeze({ status: "unchanged", context: info.context, record: null }));
    return;
  }
  // 3. Cancellation, record id, boundary. (A signal whose read throws now, a Proxy whose
  // traps changed their mind, is no longer a genuine signal: refused before the call.)
  const signal = options.signal;
  const aborted = signal === undefined ? false : (parts.readAborted ?? readAborted)(signal);
  if (aborted === null) fail(INVALID_INPUT, "reading options.signal threw");
  if (aborted && parts.abortCheckedLast !== true) fail(CANCELLED, "the signal was aborted before compaction");
  if (parts.recordIdBeforeCall !== false) checkRecordId(info, options, parts);
  const boundary = (parts.boundaryOf ?? boundaryOf)(info, options);
  if (boundary === null) fail(BOUNDARY_UNAVAILABLE, "no whole-group cut fits the target");
  if (aborted && parts.abortCheckedLast === true) fail(CANCELLED, "the signal was aborted before compaction");
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
    fail(SUMMARIZER_FAILED, "the summarizer threw");
  }
  // 5. Await it, watching the signal (the listener stays attached until the result is
  // exposed); then 6-8.
  const watchedSignal = parts.watchAfterCall === false || (parts.signalWatchedFor !== undefined && !parts.signalWatchedFor(value)) ? undefined : signal;
  const watch = parts.readAborted ? new ReadingWatch(watchedSignal, parts.readAborted) : new SignalWatch(watchedSignal);
  (parts.awaitValue ?? awaitValue)(value, watch, (error, text) => {
    if (error !== null) {
      watch.stop();
      // (s18) A student's awaiting may pass a rejection's reason on as it is (async-loop's Escaped).
      return reject(error instanceof Escaped ? error.reason : error);
    }
    try {
      resolve(commit(parts, info, options, boundary, parts.textOf ? parts.textOf(text, options) : text, watch));
    } catch (failure) {
      reject(failure);
    }
    watch.stop();
  });
}

/** (s23) A SignalWatch whose reads of the aborted state are the student's own. */
class ReadingWatch extends SignalWatch {
  constructor(
    signal: AbortSignal | undefined,
    private readonly read: (signal: AbortSignal) => boolean | null,
  ) {
    super(signal);
  }

  override state(): "aborted" | "unreadable" | "pending" {
    if (this.signal === undefined) return "pending";
    const aborted = this.read(this.signal);
    return aborted === null ? "unreadable" : aborted ? "aborted" : "pending";
  }
}

/**
 * §7's signal reads after the await and before exposure: aborted or unreadable fails. Alone
 * it is redundant with awaitValue's read when the value settles, in the same job with no
 * caller code between (see observe-async.ts signalEnds): its mutants are equivalent.
 */
function checkSignal(watch: SignalWatch): void {
  const state = watch.state();
  if (state === "aborted") fail(CANCELLED, "the signal aborted as the summary settled");
  if (state === "unreadable") fail(SUMMARIZER_FAILED, "reading the signal threw");
}

function checkRecordId(info: ContextInfo, options: CompactOptions, parts: CompactParts): void {
  const records = info.context.compactions;
  if (parts.recordIdUsed) {
    if (parts.recordIdUsed(records, options.recordId)) fail(INVALID_INPUT, `record id ${options.recordId} is already used`);
    return;
  }
  for (let i = 0; i < records.length; i++) {
    if (records[i].id === options.recordId) fail(INVALID_INPUT, `record id ${options.recordId} is already used`);
  }
}

function commit(parts: CompactParts, info: ContextInfo, options: CompactOptions, boundary: number, text: unknown, watch: SignalWatch): ContextCompactionResult {
  // 6. The summary text. The abort listener has not fired if a caller's listener stopped the
  // event, so the signal is read again ("after the await").
  checkSignal(watch);
  if (typeof text !== "string") {
    fail(parts.notStringCode ?? SUMMARY_INVALID, "the summary is not a string");
  }
  const textUnits = codePoints(text);
  if (parts.summaryLengthChecked !== false && (parts.summaryTooLong ? parts.summaryTooLong(textUnits) : textUnits > MAX_CONTEXT_STRING_UNITS)) fail(LIMIT_EXCEEDED, `the summary is longer than ${MAX_CONTEXT_STRING_UNITS} code points`);
  if (parts.isBlank ? parts.isBlank(text) : !isNonEmpty(text)) fail(SUMMARY_INSUFFICIENT, "the summary is only whitespace");
  const summaryIdUnits = codePoints(options.summaryId);
  const summaryUnits = SUMMARY_BASE + summaryIdUnits + textUnits;
  const checkedUnits = parts.summaryUnitsForCheck ? parts.summaryUnitsForCheck(summaryIdUnits, textUnits) : summaryUnits;
  if (checkedUnits > options.summaryMaxUnits) fail(parts.tooLargeCode ?? SUMMARY_INSUFFICIENT, "the summary exceeds summaryMaxUnits");
  // 7. The kept suffix: a result whose call was compacted would orphan it; and the target.
  // With the reference's boundary and summary check neither can fail; with a student's
  // boundary or summary check they can.
  const count = info.messages.length;
  const offset = info.offset;
  const callIndex = info.table.callIndex;
  for (let i = boundary; i < count; i++) {
    const call = callIndex[offset + i];
    if (call !== -1 && call < offset + boundary) fail(INVALID_TRANSCRIPT, "the kept messages would orphan a tool result");
  }
  const unitsAfter = info.requirementUnits + summaryUnits + messageUnits(info, boundary, count);
  if (unitsAfter > options.targetUnits) fail(SUMMARY_INSUFFICIENT, "the compacted context exceeds targetUnits");
  if (parts.recordIdBeforeCall === false) checkRecordId(info, options, parts);
  // 8. The record and the new context, validated as buildActiveContext would (from counts
  // kept for the old context), then the signal is read once more (before register).
  const compactedMessageIds: string[] = [];
  let idUnits = 0;
  for (let i = 0; i < boundary; i++) {
    const id = info.messages[i].id;
    compactedMessageIds[i] = id;
    idUnits += codePoints(id);
  }
  let record: CompactionRecord = freeze({
    id: options.recordId,
    summaryId: options.summaryId,
    boundary,
    compactedMessageIds: freeze(compactedMessageIds),
    unitsBefore: info.totalUnits,
    unitsAfter,
  });
  if (parts.writeRecord) record = freeze(parts.writeRecord(record, info, boundary, text, options));
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
  if (old.compactions.length + 1 > MAX_CONTEXT_RECORDS) fail(LIMIT_EXCEEDED, `more than ${MAX_CONTEXT_RECORDS} compaction records`);
  if (items > MAX_CONTEXT_COLLECTION_ITEMS) fail(LIMIT_EXCEEDED, `more than ${MAX_CONTEXT_COLLECTION_ITEMS} collection items`);
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

