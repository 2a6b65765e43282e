// compactContext (contract §7): steps 1-8 in order; nothing the caller can see is created
// before every check has passed.
import { MAX_CONTEXT_STRING_UNITS, fail, type Bugs } from "./errors";
import { boundaryOf, contextInfo, finish, messageUnits, readFields, type Context, type Info } from "./context";
import { aborted, readOptions, type Options } from "./options";
import { SummaryWait } from "./await";
import { W, blank, u } from "./units";

const NativePromise = Promise;

export function compactContext(input: unknown, options: unknown, bugs: Bugs): Promise<unknown> {
  return new NativePromise((resolve, reject) => {
    try {
      run(input, options, bugs, resolve, reject);
    } catch (error) {
      reject(error);
    }
  });
}

function run(input: unknown, rawOptions: unknown, bugs: Bugs, resolve: (v: unknown) => void, reject: (e: unknown) => void): void {
  const info = contextInfo(input, bugs);
  const options = readOptions(rawOptions);
  if (info.units <= options.maxUnits) return resolve(Object.freeze({ status: "unchanged", context: info.context, record: null }));
  const before = options.signal === undefined ? false : aborted(options.signal);
  if (before === null) fail("CONTEXT_INVALID_INPUT", "the signal cannot be read");
  if (before) fail("CONTEXT_CANCELLED", "cancelled before compaction");
  if (info.context.compactions.some((r) => r.id === options.recordId)) fail("CONTEXT_INVALID_INPUT", "the record id is used");
  const boundary = boundaryOf(info, options);
  if (boundary === null) fail("CONTEXT_BOUNDARY_UNAVAILABLE", "no boundary");
  const ctx = info.context;
  const request = Object.freeze({
    requirements: ctx.requirements,
    previousSummary: ctx.summary,
    messages: Object.freeze(ctx.messages.slice(0, boundary!)),
    boundary,
    maxSummaryUnits: options.summaryMaxUnits,
  });
  let value: unknown;
  try {
    value = Reflect.apply(options.summarizer, undefined, [request, options.signal ?? new AbortController().signal]);
  } catch {
    return fail("CONTEXT_SUMMARIZER_FAILED", "the summarizer threw");
  }
  const wait: SummaryWait = new SummaryWait(options.signal, bugs, (error, text) => {
    try {
      if (error !== null) reject(error);
      else resolve(commit(info, options, boundary!, text, wait, bugs));
    } catch (failure) {
      reject(failure);
    }
    wait.stop();
  });
  wait.start(value);
}

function checkSignal(wait: SummaryWait): void {
  const state = wait.signalState();
  if (state !== "pending") fail(state === "aborted" ? "CONTEXT_CANCELLED" : "CONTEXT_SUMMARIZER_FAILED", "the signal is aborted or unreadable");
}

function commit(info: Info, o: Options, boundary: number, text: unknown, wait: SummaryWait, bugs: Bugs): unknown {
  checkSignal(wait);
  if (typeof text !== "string") fail("CONTEXT_SUMMARY_INVALID", "the summary is not text");
  const t = text as string;
  if (u(t) > MAX_CONTEXT_STRING_UNITS) fail("CONTEXT_LIMIT_EXCEEDED", "the summary is too long");
  if (blank(t)) fail("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is blank");
  // Mistake summary-trimmed-units: the summary's size is measured without its surrounding whitespace.
  const measured = bugs.has("summary-trimmed-units") ? t.trim() : t;
  if (W.summary + u(o.summaryId) + u(measured) > o.summaryMaxUnits) fail("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is too big");
  const ctx = info.context;
  const suffix = ctx.messages.slice(boundary);
  // The kept messages must be a transcript on their own (no result whose call was compacted).
  const kept = new Set(suffix.flatMap((m) => (m.role === "assistant" ? (m.content as { type: string; id?: string }[]).filter((b) => b.type === "toolCall").map((b) => b.id) : [])));
  if (suffix.some((m) => m.role === "toolResult" && !kept.has(m.toolCallId as string))) fail("CONTEXT_INVALID_TRANSCRIPT", "the kept messages orphan a result");
  const summary = Object.freeze({ id: o.summaryId, content: t });
  const keptUnits = suffix.reduce((n, m) => n + messageUnits(m), 0);
  const unitsAfter = info.requirementUnits + W.summary + u(o.summaryId) + u(t) + keptUnits;
  if (unitsAfter > o.targetUnits) fail("CONTEXT_SUMMARY_INSUFFICIENT", "the compacted context is above targetUnits");
  const record = Object.freeze({
    id: o.recordId,
    summaryId: o.summaryId,
    boundary,
    compactedMessageIds: Object.freeze(ctx.messages.slice(0, boundary).map((m) => m.id)),
    unitsBefore: info.units,
    // Mistake units-after-without-summary: the new summary is left out of unitsAfter.
    unitsAfter: bugs.has("units-after-without-summary") ? unitsAfter - (W.summary + u(o.summaryId) + u(t)) : unitsAfter,
  });
  const fields: Context = { requirements: ctx.requirements, summary, messages: Object.freeze(suffix), compactions: Object.freeze([...ctx.compactions, record]) };
  // The new context is validated as buildActiveContext would (limits included) before it is exposed.
  readFields(fields, bugs);
  const reach = info.reach.slice(boundary).map((r) => r - boundary);
  const next = finish(fields, reach);
  checkSignal(wait);
  return Object.freeze({ status: "compacted", context: next.context, record });
}
