// Gus's compactContext (§7), steps 1-8 in the contract's order.
import { MAX_CONTEXT_STRING_UNITS, NativePromise, abortedOf, freshSignal, hasText, oops, u, type Flags } from "./basics";
import { sheetOf, type Sheet } from "./context";
import { compactOptions, type Plan } from "./options";
import { walk } from "./rounds";
import { waitFor } from "./follow";

export function compactContext(input: unknown, options: unknown, flags: Flags): Promise<unknown> {
  return new NativePromise((resolve, reject) => {
    try {
      run(input, options, flags, resolve, reject);
    } catch (error) {
      reject(error);
    }
  });
}

function run(input: unknown, options: unknown, flags: Flags, resolve: (v: unknown) => void, reject: (e: unknown) => void): void {
  const sheet = sheetOf(input, flags);
  const plan = compactOptions(options);
  if (sheet.total <= plan.maxUnits) {
    resolve(Object.freeze({ status: "unchanged", context: sheet.context, record: null }));
    return;
  }
  const signal = plan.signal;
  if (signal !== undefined) {
    const a = abortedOf(signal);
    if (a === null) oops("CONTEXT_INVALID_INPUT", "the signal cannot be read");
    if (a) oops("CONTEXT_CANCELLED", "aborted before compaction");
  }
  for (const r of sheet.context.compactions) if (r.id === plan.recordId) oops("CONTEXT_INVALID_INPUT", "recordId is already used");
  const boundary = walk(sheet, plan);
  if (boundary === null) oops("CONTEXT_BOUNDARY_UNAVAILABLE", "no cut fits");
  const request = Object.freeze({
    requirements: sheet.context.requirements,
    previousSummary: sheet.context.summary,
    messages: Object.freeze(sheet.context.messages.slice(0, boundary)),
    boundary,
    maxSummaryUnits: plan.summaryMaxUnits,
  });
  let value: unknown;
  try {
    value = Reflect.apply(plan.summarizer, undefined, [request, signal ?? freshSignal()]);
  } catch {
    oops("CONTEXT_SUMMARIZER_FAILED", "the summarizer threw");
  }
  waitFor(value, signal, flags, (error, text) => {
    if (error !== null) return reject(error);
    try {
      resolve(finish(sheet, plan, boundary, text, flags));
    } catch (failure) {
      reject(failure);
    }
  });
}

function signalNow(signal: AbortSignal | undefined): void {
  if (signal === undefined) return;
  const a = abortedOf(signal);
  if (a === true) oops("CONTEXT_CANCELLED", "aborted as the summary arrived");
  if (a === null) oops("CONTEXT_SUMMARIZER_FAILED", "the signal cannot be read");
}

function finish(sheet: Sheet, plan: Plan, boundary: number, text: unknown, flags: Flags): unknown {
  signalNow(plan.signal);
  if (typeof text !== "string") oops("CONTEXT_SUMMARY_INVALID", "the summary is not a string");
  const textUnits = u(text);
  const summaryUnits = 5 + u(plan.summaryId) + textUnits;
  const measured = flags.has("summary-limit-on-units") ? summaryUnits : textUnits;
  if (measured > MAX_CONTEXT_STRING_UNITS) oops("CONTEXT_LIMIT_EXCEEDED", "the summary is too long");
  if (!hasText(text)) oops("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is blank");
  if (summaryUnits > plan.summaryMaxUnits) oops("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is over summaryMaxUnits");
  const old = sheet.context;
  const prefix = old.messages.slice(0, boundary);
  const suffix = old.messages.slice(boundary);
  const compactedCalls = new Set<string>();
  for (const m of prefix) if (m.role === "assistant") for (const b of m.content as { type: string; id: string }[]) if (b.type === "toolCall") compactedCalls.add(b.id);
  for (const m of suffix) if (m.role === "toolResult" && compactedCalls.has(m.toolCallId as string)) oops("CONTEXT_INVALID_TRANSCRIPT", "a kept result lost its call");
  let unitsAfter = sheet.reqUnits + summaryUnits;
  for (let i = boundary; i < old.messages.length; i++) unitsAfter += sheet.msgUnits[i];
  if (unitsAfter > plan.targetUnits) oops("CONTEXT_SUMMARY_INSUFFICIENT", "the compacted context is over targetUnits");
  const record = {
    id: plan.recordId,
    summaryId: plan.summaryId,
    boundary,
    compactedMessageIds: prefix.map((m) => m.id),
    unitsBefore: sheet.total,
    unitsAfter,
  };
  const next = sheetOf(
    {
      requirements: old.requirements,
      summary: { id: plan.summaryId, content: text },
      messages: suffix,
      compactions: [...old.compactions, record],
    },
    flags,
  ).context;
  signalNow(plan.signal);
  return Object.freeze({ status: "compacted", context: next, record: next.compactions[next.compactions.length - 1] });
}
