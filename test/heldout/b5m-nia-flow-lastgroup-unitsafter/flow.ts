// Nia's own compactContext (§7, steps 1-8), written over src/core for the rest: the core builds
// and estimates contexts, reads the options, finds the boundary and follows the summarizer's
// value; Nia orders the steps, calls the summarizer, checks the summary and writes the record
// with her own helper (`writeRecord`), then builds the new context (validated by
// buildActiveContext).
import { buildActiveContext, estimateContextUnits, groupToolRounds, selectCompactionBoundary } from "../../../src/core/index";
import { ContextCompactionError, type ContextCompactionErrorCode } from "../../../src/core/errors";
import { readCompactOptions } from "../../../src/core/options";
import { awaitValue } from "../../../src/core/observe-async";
import { SignalWatch, readAborted, summarizerSignal } from "../../../src/core/signal";
import { codePoints } from "../../../src/core/units";
import { isNonEmpty } from "../../../src/core/read";

type Flags = ReadonlySet<string>;
type Context = ReturnType<typeof buildActiveContext>;
type Options = ReturnType<typeof readCompactOptions>;

const NativePromise = Promise;
const freeze = Object.freeze;
const apply = Reflect.apply;

function fail(code: ContextCompactionErrorCode, message: string): never {
  throw new ContextCompactionError(code, message);
}

export function compactContext(input: unknown, options: unknown, flags: Flags): Promise<unknown> {
  return new NativePromise((resolve, reject) => {
    try {
      run(input, options, flags, resolve, reject);
    } catch (error) {
      reject(error);
    }
  });
}

/** What Nia keeps between the call and the commit. */
type Job = {
  readonly before: Context;
  readonly options: Options;
  readonly cut: number;
  readonly flags: Flags;
};

function run(input: unknown, raw: unknown, flags: Flags, resolve: (v: unknown) => void, reject: (e: unknown) => void): void {
  const before = buildActiveContext(input as never);
  const options = readCompactOptions(raw);
  if (estimateContextUnits(before) <= options.maxUnits) {
    resolve(freeze({ status: "unchanged", context: before, record: null }));
    return;
  }
  if (options.signal !== undefined) {
    const aborted = readAborted(options.signal);
    if (aborted === null) fail("CONTEXT_INVALID_INPUT", "options.signal cannot be read");
    if (aborted) fail("CONTEXT_CANCELLED", "aborted before compaction");
  }
  for (const old of before.compactions) if (old.id === options.recordId) fail("CONTEXT_INVALID_INPUT", "recordId already used");
  const cut = selectCompactionBoundary(before, {
    targetUnits: options.targetUnits,
    summaryMaxUnits: options.summaryMaxUnits,
    retainRecentMessages: options.retainRecentMessages,
  });
  if (cut === null) fail("CONTEXT_BOUNDARY_UNAVAILABLE", "no whole-group cut fits");
  const request = freeze({
    requirements: before.requirements,
    previousSummary: before.summary,
    messages: freeze(before.messages.slice(0, cut)),
    boundary: cut,
    maxSummaryUnits: options.summaryMaxUnits,
  });
  let value: unknown;
  try {
    value = apply(options.summarizer, undefined, [request, summarizerSignal(options.signal)]);
  } catch {
    fail("CONTEXT_SUMMARIZER_FAILED", "the summarizer threw");
  }
  const job: Job = { before, options, cut, flags };
  const watch = new SignalWatch(options.signal);
  awaitValue(value, watch, (error, text) => {
    if (error !== null) {
      watch.stop();
      reject(error);
      return;
    }
    try {
      resolve(commit(job, text, watch));
    } catch (failure) {
      reject(failure);
    }
    watch.stop();
  });
}

function stillWanted(watch: SignalWatch): void {
  const state = watch.state();
  if (state === "aborted") fail("CONTEXT_CANCELLED", "aborted as the summary settled");
  if (state === "unreadable") fail("CONTEXT_SUMMARIZER_FAILED", "the signal cannot be read");
}

function checkText(options: Options, text: unknown): string {
  if (typeof text !== "string") fail("CONTEXT_SUMMARY_INVALID", "the summary is not a string");
  if (codePoints(text) > 65536) fail("CONTEXT_LIMIT_EXCEEDED", "the summary is too long");
  if (!isNonEmpty(text)) fail("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is blank");
  if (5 + codePoints(options.summaryId) + codePoints(text) > options.summaryMaxUnits) fail("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is over summaryMaxUnits");
  return text;
}

type Group = { readonly endIndex: number; readonly messages: readonly { readonly id: string }[] };

/** u(s) of a summary as §4 prices it. */
const summaryUnits = (summary: { readonly id: string; readonly content: string } | null): number =>
  summary === null ? 0 : 5 + codePoints(summary.id) + codePoints(summary.content);

/**
 * Nia's record writer: the log line of one compaction, "which messages were folded, and how big
 * the context was before and after". She walks the groups the cut removed for the ids, and
 * derives the new size from the old one.
 */
function writeRecord(job: Job, text: string): object {
  const { before, options, cut, flags } = job;
  let compacted: string[] = [];
  for (const group of groupToolRounds(before.messages) as readonly Group[]) {
    if (group.endIndex > cut) break;
    const ids = group.messages.map((m) => m.id);
    // [planted compacted-ids-last-group-only] the list is set from each group instead of extended
    compacted = flags.has("compacted-ids-last-group-only") ? ids : [...compacted, ...ids];
  }
  const was = estimateContextUnits(before);
  const removed = estimateContextUnits({ messages: before.messages.slice(0, cut) } as never);
  // [planted units-after-keeps-old-summary] the new size is the old one minus the compacted
  // messages plus the new summary: the summary it replaces is not taken off
  const replaced = flags.has("units-after-keeps-old-summary") ? 0 : summaryUnits(before.summary);
  return {
    id: options.recordId,
    summaryId: options.summaryId,
    boundary: cut,
    compactedMessageIds: compacted,
    unitsBefore: was,
    unitsAfter: was - removed - replaced + summaryUnits({ id: options.summaryId, content: text }),
  };
}

function commit(job: Job, value: unknown, watch: SignalWatch): unknown {
  const { before, options, cut } = job;
  stillWanted(watch);
  const text = checkText(options, value);
  const kept = before.messages.slice(cut);
  const summary = { id: options.summaryId, content: text };
  const now = estimateContextUnits({ requirements: before.requirements, summary, messages: kept } as never);
  if (now > options.targetUnits) fail("CONTEXT_SUMMARY_INSUFFICIENT", "the compacted context is over targetUnits");
  const record = writeRecord(job, text);
  const after = buildActiveContext({ requirements: before.requirements, summary, messages: kept, compactions: [...before.compactions, record] } as never);
  stillWanted(watch);
  return freeze({ status: "compacted", context: after, record: after.compactions[after.compactions.length - 1] });
}
