// Hana's own rewrite of the compaction flow over src/core: her grouping (a scan that opens a tool
// round at an assistant's calls and closes it when every call it waits on is answered), her
// boundary walk over those groups, and her compactContext (steps 2-8) around it. Reading the
// context and the options, the units of a built context, awaiting the summary and the signal
// helpers are src/core's.
import * as core from "../../../src/core/index";
import { contextInfo } from "../../../src/core/snapshot";
import { readBoundaryOptions, readCompactOptions, type BoundaryOptions, type CompactOptions } from "../../../src/core/options";
import { messageUnits } from "../../../src/core/registry";
import type { ContextInfo } from "../../../src/core/registry";
import { SignalWatch, readAborted, summarizerSignal } from "../../../src/core/signal";
import { awaitValue } from "../../../src/core/observe-async";
import { codePoints } from "../../../src/core/units";
import type { Message } from "../../../src/core/types";

export type Flags = ReadonlySet<string>;
type Span = { start: number; end: number };

const fail = (code: core.ContextCompactionErrorCode, message: string): never => {
  throw new core.ContextCompactionError(code, message);
};

/** Her scan: [start, end) spans that tile the transcript. */
function spans(messages: readonly Message[], flags: Flags): Span[] {
  const out: Span[] = [];
  let open: { start: number; waiting: Set<string> } | null = null;
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i];
    const calls = m.role === "assistant" ? m.content.filter((b) => b.type === "toolCall").map((b) => (b as { id: string }).id) : [];
    if (open !== null) {
      if (m.role === "toolResult") {
        open.waiting.delete(m.toolCallId);
        if (open.waiting.size === 0) {
          out.push({ start: open.start, end: i + 1 });
          open = null;
        }
      } else if (calls.length > 0) {
        for (const id of calls) open.waiting.add(id);
      } else if (flags.has("reply-closes-round")) {
        // (planted) a user message or a plain reply ends the round it stands in
        out.push({ start: open.start, end: i });
        out.push({ start: i, end: i + 1 });
        open = null;
      }
      continue;
    }
    if (calls.length > 0) open = { start: i, waiting: new Set(calls) };
    else out.push({ start: i, end: i + 1 });
  }
  return out;
}

export function groupToolRounds(transcript: unknown, flags: Flags): unknown {
  const messages = core.buildActiveContext({ messages: transcript } as never).messages;
  return Object.freeze(
    spans(messages, flags).map((s) =>
      Object.freeze({ kind: s.end - s.start > 1 ? "toolRound" : "message", startIndex: s.start, endIndex: s.end, messages: Object.freeze(messages.slice(s.start, s.end)) }),
    ),
  );
}

/** Her walk: the earliest group end that leaves room for the requirements and the summary. */
function walk(info: ContextInfo, o: BoundaryOptions, flags: Flags): number | null {
  const context = info.context;
  const n = context.messages.length;
  const latest = n - o.retainRecentMessages;
  let requirements = 0;
  for (const r of context.requirements) {
    // (planted, requirements-without-base) each requirement's base of 3 is left out
    requirements += (flags.has("requirements-without-base") ? 0 : 3) + codePoints(r.id) + codePoints(r.content);
  }
  // (planted, reserve-keeps-larger-summary) room for whichever is larger, the reserve or the current summary
  const reserve = flags.has("reserve-keeps-larger-summary") ? Math.max(o.summaryMaxUnits, info.summaryUnits) : o.summaryMaxUnits;
  for (const s of spans(context.messages, flags)) {
    if (s.end > latest) return null;
    if (requirements + reserve + messageUnits(info, s.end, n) <= o.targetUnits) return s.end;
  }
  return null;
}

export function selectCompactionBoundary(input: unknown, options: unknown, flags: Flags): number | null {
  const info = contextInfo(input);
  return walk(info, readBoundaryOptions(options), flags);
}

export function compactContext(input: unknown, options: unknown, flags: Flags): Promise<unknown> {
  return new Promise((resolve, reject) => {
    try {
      run(input, options, flags, resolve, reject);
    } catch (error) {
      reject(error);
    }
  });
}

function run(input: unknown, options: unknown, flags: Flags, resolve: (v: unknown) => void, reject: (e: unknown) => void): void {
  const info = contextInfo(input);
  const o = readCompactOptions(options);
  if (info.totalUnits <= o.maxUnits) return resolve(Object.freeze({ status: "unchanged", context: info.context, record: null }));
  if (o.signal !== undefined) {
    const aborted = readAborted(o.signal);
    if (aborted === null) fail("CONTEXT_INVALID_INPUT", "the signal cannot be read");
    if (aborted) fail("CONTEXT_CANCELLED", "the signal was aborted before compaction");
  }
  if (info.context.compactions.some((r) => r.id === o.recordId)) fail("CONTEXT_INVALID_INPUT", "recordId is taken");
  const boundary = walk(info, o, flags);
  if (boundary === null) return fail("CONTEXT_BOUNDARY_UNAVAILABLE", "no whole-group cut fits");
  const request = Object.freeze({
    requirements: info.context.requirements,
    previousSummary: info.context.summary,
    messages: Object.freeze(info.context.messages.slice(0, boundary)),
    boundary,
    maxSummaryUnits: o.summaryMaxUnits,
  });
  let value: unknown;
  try {
    value = Reflect.apply(o.summarizer, undefined, [request, summarizerSignal(o.signal)]);
  } catch {
    fail("CONTEXT_SUMMARIZER_FAILED", "the summarizer threw");
  }
  const watch = new SignalWatch(o.signal);
  awaitValue(value, watch, (error, text) => {
    if (error !== null) {
      watch.stop();
      return reject(error);
    }
    try {
      resolve(commit(info, o, boundary, text, watch));
    } catch (failure) {
      reject(failure);
    }
    watch.stop();
  });
}

function signalStillFine(watch: SignalWatch): void {
  const state = watch.state();
  if (state === "aborted") fail("CONTEXT_CANCELLED", "aborted");
  if (state === "unreadable") fail("CONTEXT_SUMMARIZER_FAILED", "the signal cannot be read");
}

function commit(info: ContextInfo, o: CompactOptions, boundary: number, text: unknown, watch: SignalWatch): unknown {
  signalStillFine(watch);
  if (typeof text !== "string") return fail("CONTEXT_SUMMARY_INVALID", "the summary is not a string");
  const textUnits = codePoints(text);
  if (textUnits > core.MAX_CONTEXT_STRING_UNITS) fail("CONTEXT_LIMIT_EXCEEDED", "the summary is too long");
  if (text.trim().length === 0) fail("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is blank");
  const summaryUnits = 5 + codePoints(o.summaryId) + textUnits;
  if (summaryUnits > o.summaryMaxUnits) fail("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is above summaryMaxUnits");
  const old = info.context;
  const n = old.messages.length;
  const suffix = old.messages.slice(boundary);
  if (core.validateTranscript(suffix).length > 0) fail("CONTEXT_INVALID_TRANSCRIPT", "the kept messages are no transcript");
  const unitsAfter = info.requirementUnits + summaryUnits + messageUnits(info, boundary, n);
  if (unitsAfter > o.targetUnits) fail("CONTEXT_SUMMARY_INSUFFICIENT", "the compacted context is above targetUnits");
  const record = {
    id: o.recordId,
    summaryId: o.summaryId,
    boundary,
    compactedMessageIds: old.messages.slice(0, boundary).map((m) => m.id),
    unitsBefore: info.totalUnits,
    unitsAfter,
  };
  // Step 8: the new context is built (and so validated) as any input would be.
  const context = core.buildActiveContext({
    requirements: old.requirements,
    summary: { id: o.summaryId, content: text },
    messages: suffix,
    compactions: [...old.compactions, record],
  } as never);
  signalStillFine(watch);
  return Object.freeze({ status: "compacted", context, record: context.compactions[context.compactions.length - 1] });
}
