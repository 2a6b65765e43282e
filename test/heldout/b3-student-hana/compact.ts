// Hana's compactContext (contract §7), steps 1-8 in order. Everything that can fail is checked
// before anything a caller could see is made.
import {
  MAX_CONTEXT_COLLECTION_ITEMS,
  MAX_CONTEXT_RECORDS,
  MAX_CONTEXT_STRING_UNITS,
  MAX_CONTEXT_TOTAL_UNITS,
  bail,
  type Flags,
} from "./errors";
import { NativePromise, R, codePoints, copyRange, freeze, hasText } from "./basics";
import { ledgerOf, remember, type ActiveContext, type CompactionRecord, type Ledger } from "./context";
import { readSettings, type Settings } from "./settings";
import { planCut, type Plan } from "./cut";
import { Watch, abortedOf, handedSignal } from "./signal";
import { followSummary } from "./follow";
import { COST } from "./cost";
import type { Transcript } from "./messages";

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
  const ledger = ledgerOf(input, flags);
  const settings = readSettings(options, flags);
  if (ledger.total <= settings.maxUnits) {
    resolve(freeze({ status: "unchanged", context: ledger.context, record: null }));
    return;
  }
  if (settings.signal !== undefined) {
    const aborted = abortedOf(settings.signal);
    if (aborted === null) bail("CONTEXT_INVALID_INPUT", "options.signal cannot be read");
    if (aborted) bail("CONTEXT_CANCELLED", "the signal was aborted before compaction");
  }
  for (const old of ledger.context.compactions) {
    if (old.id === settings.recordId) bail("CONTEXT_INVALID_INPUT", `record id ${settings.recordId} is taken`);
  }
  const plan = planCut(ledger, settings, flags);
  if (plan === null) bail("CONTEXT_BOUNDARY_UNAVAILABLE", "no whole-group cut fits the target");
  const context = ledger.context;
  const request = freeze({
    requirements: context.requirements,
    previousSummary: context.summary,
    messages: freeze(copyRange(context.messages, 0, plan.boundary)),
    boundary: plan.boundary,
    maxSummaryUnits: settings.summaryMaxUnits,
  });
  let value: unknown;
  try {
    value = R.apply(settings.summarizer, undefined, [request, handedSignal(settings.signal)]);
  } catch {
    bail("CONTEXT_SUMMARIZER_FAILED", "the summarizer threw");
  }
  const watch = new Watch(settings.signal);
  followSummary(value, watch, flags, (error, text) => {
    if (error !== null) {
      watch.detach();
      reject(error);
      return;
    }
    try {
      resolve(finishWith(ledger, settings, plan, text, watch, flags));
    } catch (failure) {
      reject(failure);
    }
    watch.detach();
  });
}

function stillOn(watch: Watch): void {
  const state = watch.read();
  if (state === "aborted") bail("CONTEXT_CANCELLED", "the signal aborted");
  if (state === "broken") bail("CONTEXT_SUMMARIZER_FAILED", "reading the signal threw");
}

function finishWith(ledger: Ledger, settings: Settings, plan: Plan, text: unknown, watch: Watch, flags: Flags): unknown {
  stillOn(watch);
  if (typeof text !== "string") bail("CONTEXT_SUMMARY_INVALID", "the summary is not a string");
  const textUnits = codePoints(text, flags);
  if (textUnits > MAX_CONTEXT_STRING_UNITS) bail("CONTEXT_LIMIT_EXCEEDED", "the summary is too long");
  if (!hasText(text)) bail("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is only whitespace");
  const summaryIdUnits = codePoints(settings.summaryId, flags);
  const summaryUnits = COST.summary + summaryIdUnits + textUnits;
  if (summaryUnits > settings.summaryMaxUnits) bail("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is above summaryMaxUnits");

  const old = ledger.context;
  const t = ledger.transcript;
  const n = t.messages.length;
  const cut = plan.boundary;
  // 7. The kept messages must stand alone as a transcript, and fit the target.
  const keptIds = new Set<string>();
  for (let i = cut; i < n; i++) {
    const m = t.messages[i];
    if (m.role === "assistant") for (const b of m.content) if (b.type === "toolCall") keptIds.add(b.id);
    if (m.role === "toolResult" && !keptIds.has(m.toolCallId)) bail("CONTEXT_INVALID_TRANSCRIPT", "a kept result lost its call");
  }
  let keptUnits = 0;
  for (let i = cut; i < n; i++) keptUnits += t.units[i];
  const unitsAfter = ledger.requirementUnits + summaryUnits + keptUnits;
  if (unitsAfter > settings.targetUnits) bail("CONTEXT_SUMMARY_INSUFFICIENT", "the compacted context is above targetUnits");

  // 8. The record, then the new context, held to the budgets of §3.
  const ids = plan.compactedIds;
  const record: CompactionRecord = freeze({
    id: settings.recordId,
    summaryId: settings.summaryId,
    boundary: flags.has("record-boundary-counts-kept") ? n - cut /* (planted) the messages kept */ : cut,
    compactedMessageIds: freeze(copyRange(ids, 0, ids.length)),
    unitsBefore: ledger.total,
    unitsAfter,
  });
  let goneItems = cut;
  let goneStrings = 0;
  for (let i = 0; i < cut; i++) {
    goneItems += t.items[i];
    goneStrings += t.strings[i];
  }
  let idStrings = 0;
  for (const id of ids) idStrings += codePoints(id, flags);
  const oldSummaryStrings = old.summary === null ? 0 : ledger.summaryUnits - COST.summary;
  const items = ledger.items - goneItems + 1 + ids.length;
  const strings =
    ledger.strings - goneStrings - oldSummaryStrings + summaryIdUnits + textUnits + codePoints(settings.recordId, flags) + summaryIdUnits + idStrings;
  if (old.compactions.length + 1 > MAX_CONTEXT_RECORDS) bail("CONTEXT_LIMIT_EXCEEDED", "too many compaction records");
  if (items > MAX_CONTEXT_COLLECTION_ITEMS) bail("CONTEXT_LIMIT_EXCEEDED", "too many collection items");
  if (strings > MAX_CONTEXT_TOTAL_UNITS) bail("CONTEXT_LIMIT_EXCEEDED", "too many code points");
  const compactions = copyRange(old.compactions, 0, old.compactions.length);
  compactions.push(record);
  const kept: Transcript = {
    messages: freeze(copyRange(t.messages, cut, n)),
    units: copyRange(t.units, cut, n),
    items: copyRange(t.items, cut, n),
    strings: copyRange(t.strings, cut, n),
    reachEnd: copyRange(t.reachEnd, cut, n).map((end) => end - cut),
  };
  const context: ActiveContext = freeze({
    requirements: old.requirements,
    summary: freeze({ id: settings.summaryId, content: text }),
    messages: kept.messages,
    compactions: freeze(compactions),
  });
  stillOn(watch);
  remember(freeze({ context, requirementUnits: ledger.requirementUnits, summaryUnits, total: unitsAfter, items, strings, transcript: kept }));
  return freeze({ status: "compacted", context, record });
}
