// Quy's own compactContext (§7, steps 1-8), written over src/core for the rest: the core builds
// and estimates contexts, reads the options, finds the boundary, groups the messages and follows
// the summarizer's value; Quy orders the steps, calls the summarizer, checks the summary, and
// writes the record with his own helpers (`sizeOf` for its units, `removedGroups` for what the
// cut takes away), then has the new context built by buildActiveContext. Each planted mistake is
// a flag.
import { buildActiveContext, estimateContextUnits, groupToolRounds, selectCompactionBoundary } from "../../../src/core/index";
import { ContextCompactionError, type ContextCompactionErrorCode } from "../../../src/core/errors";
import { readCompactOptions } from "../../../src/core/options";
import { awaitValue } from "../../../src/core/observe-async";
import { SignalWatch, readAborted, summarizerSignal } from "../../../src/core/signal";
import { codePoints } from "../../../src/core/units";
import { isNonEmpty } from "../../../src/core/read";

type Flags = ReadonlySet<string>;

/** The mistakes planted in this flow (index.ts switches every one on). */
export const PLANTED = ["record-units-utf16", "record-boundary-in-groups"];

type Json = null | boolean | number | string | readonly Json[] | { readonly [k: string]: Json };
type Block = { type: "text"; text: string } | { type: "toolCall"; id: string; name: string; arguments: { readonly [k: string]: Json } };
type Message =
  | { id: string; role: "user"; content: string }
  | { id: string; role: "assistant"; content: readonly Block[] }
  | { id: string; role: "toolResult"; toolCallId: string; toolName: string; content: string; isError: boolean };
type Context = {
  readonly requirements: readonly { id: string; content: string }[];
  readonly summary: { id: string; content: string } | null;
  readonly messages: readonly Message[];
  readonly compactions: readonly { id: string }[];
};
type Group = { kind: string; startIndex: number; endIndex: number };

const freeze = Object.freeze;

function refuse(code: ContextCompactionErrorCode, message: string): never {
  throw new ContextCompactionError(code, message);
}

// ---------------------------------------------------------------------------------------------
// Quy's size helper for the record: the units of §4, item by item.

class Sizer {
  constructor(readonly flags: Flags) {}

  /** The length of a string as §4 counts it. */
  len(s: string): number {
    // [planted record-units-utf16] a string's size is its length in UTF-16 code units
    if (this.flags.has("record-units-utf16")) return s.length;
    return codePoints(s);
  }

  json(v: Json): number {
    if (v === null) return 1;
    if (typeof v === "boolean") return v ? 5 : 6;
    if (typeof v === "number") return 1 + String(v).length;
    if (typeof v === "string") return 1 + this.len(v);
    let n = 2;
    if (Array.isArray(v)) {
      for (const item of v as readonly Json[]) n += 1 + this.json(item);
      return n;
    }
    for (const key of Object.keys(v)) n += 1 + this.len(key) + this.json((v as { readonly [k: string]: Json })[key]);
    return n;
  }

  message(m: Message): number {
    if (m.role === "user") return 4 + this.len(m.id) + this.len(m.content);
    if (m.role === "toolResult") return 7 + this.len(m.id) + this.len(m.toolCallId) + this.len(m.toolName) + this.len(m.content);
    let n = 4 + this.len(m.id);
    for (const b of m.content) n += b.type === "text" ? 2 + this.len(b.text) : 6 + this.len(b.id) + this.len(b.name) + this.json(b.arguments);
    return n;
  }

  /** Units of requirements + summary + messages. */
  sizeOf(c: { requirements: Context["requirements"]; summary: Context["summary"]; messages: readonly Message[] }): number {
    let n = 0;
    for (const r of c.requirements) n += 3 + this.len(r.id) + this.len(r.content);
    if (c.summary !== null) n += 5 + this.len(c.summary.id) + this.len(c.summary.content);
    for (const m of c.messages) n += this.message(m);
    return n;
  }
}

/** The groups the cut takes away (the groups are whole, so they end at or before the boundary). */
function removedGroups(messages: readonly Message[], boundary: number): Group[] {
  return (groupToolRounds(messages as never) as readonly Group[]).filter((g) => g.endIndex <= boundary);
}

// ---------------------------------------------------------------------------------------------
// The steps.

export function compactContext(input: unknown, options: unknown, flags: Flags): Promise<unknown> {
  return new Promise((resolve, reject) => {
    try {
      run(input, options, flags, resolve, reject);
    } catch (error) {
      reject(error);
    }
  });
}

type Job = {
  readonly context: Context;
  readonly options: ReturnType<typeof readCompactOptions>;
  readonly boundary: number;
  readonly flags: Flags;
};

function run(input: unknown, rawOptions: unknown, flags: Flags, resolve: (v: unknown) => void, reject: (e: unknown) => void): void {
  // 1. the context, then the options
  const context = buildActiveContext(input as never) as unknown as Context;
  const options = readCompactOptions(rawOptions);
  // 2. nothing to do
  if (estimateContextUnits(context as never) <= options.maxUnits) {
    resolve(freeze({ status: "unchanged", context, record: null }));
    return;
  }
  // 3. cancelled, record id taken, no cut
  const aborted = options.signal === undefined ? false : readAborted(options.signal);
  if (aborted === null) refuse("CONTEXT_INVALID_INPUT", "options.signal cannot be read");
  if (aborted) refuse("CONTEXT_CANCELLED", "aborted before compaction");
  for (const old of context.compactions) if (old.id === options.recordId) refuse("CONTEXT_INVALID_INPUT", "recordId already used");
  const boundary = selectCompactionBoundary(context as never, {
    targetUnits: options.targetUnits,
    summaryMaxUnits: options.summaryMaxUnits,
    retainRecentMessages: options.retainRecentMessages,
  });
  if (boundary === null) refuse("CONTEXT_BOUNDARY_UNAVAILABLE", "no whole-group cut fits");
  // 4. ask for the summary once
  const request = freeze({
    requirements: context.requirements,
    previousSummary: context.summary,
    messages: freeze(context.messages.slice(0, boundary)),
    boundary,
    maxSummaryUnits: options.summaryMaxUnits,
  });
  let value: unknown;
  try {
    value = Reflect.apply(options.summarizer, undefined, [request, summarizerSignal(options.signal)]);
  } catch {
    refuse("CONTEXT_SUMMARIZER_FAILED", "the summarizer threw");
  }
  // 5. wait for it, watching the signal
  const job: Job = { context, options, boundary, flags };
  const watch = new SignalWatch(options.signal);
  awaitValue(value, watch, (error, text) => {
    if (error !== null) {
      watch.stop();
      reject(error);
      return;
    }
    try {
      resolve(finish(job, text, watch));
    } catch (failure) {
      reject(failure);
    }
    watch.stop();
  });
}

function checkSignal(watch: SignalWatch): void {
  const state = watch.state();
  if (state === "aborted") refuse("CONTEXT_CANCELLED", "aborted as the summary settled");
  if (state === "unreadable") refuse("CONTEXT_SUMMARIZER_FAILED", "the signal cannot be read");
}

function finish(job: Job, text: unknown, watch: SignalWatch): unknown {
  const { context, options, boundary, flags } = job;
  // 6. the text
  checkSignal(watch);
  if (typeof text !== "string") refuse("CONTEXT_SUMMARY_INVALID", "the summary is not a string");
  if (codePoints(text) > 65536) refuse("CONTEXT_LIMIT_EXCEEDED", "the summary is too long");
  if (!isNonEmpty(text)) refuse("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is blank");
  if (5 + codePoints(options.summaryId) + codePoints(text) > options.summaryMaxUnits) refuse("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is over summaryMaxUnits");
  // 7. the kept messages, within the target
  const kept = context.messages.slice(boundary);
  const summary = { id: options.summaryId, content: text };
  const after = estimateContextUnits({ requirements: context.requirements, summary, messages: kept } as never);
  if (after > options.targetUnits) refuse("CONTEXT_SUMMARY_INSUFFICIENT", "the compacted context is over targetUnits");
  // 8. the record (Quy's own bookkeeping), then the new context, built and checked by the core
  const sizer = new Sizer(flags);
  const removed = removedGroups(context.messages, boundary);
  const record = {
    id: options.recordId,
    summaryId: options.summaryId,
    // [planted record-boundary-in-groups] the boundary is written as the number of groups the cut took away
    boundary: flags.has("record-boundary-in-groups") ? removed.length : boundary,
    compactedMessageIds: removed.flatMap((g) => context.messages.slice(g.startIndex, g.endIndex).map((m) => m.id)),
    unitsBefore: sizer.sizeOf(context),
    unitsAfter: sizer.sizeOf({ requirements: context.requirements, summary, messages: kept }),
  };
  const next = buildActiveContext({ requirements: context.requirements, summary, messages: kept, compactions: [...context.compactions, record] } as never) as unknown as Context;
  checkSignal(watch);
  return freeze({ status: "compacted", context: next, record: next.compactions[next.compactions.length - 1] });
}
