// Bob's compactContext (contract §7).
import { MAX_CONTEXT_STRING_UNITS, codePoints, isBlank, raise, type Flags } from "./shared";
import { ContextModel, chooseBoundary, unitsOfMessage, type Facts } from "./model";
import { compactOptions, readAborted, type CompactOptions } from "./options";
import { waitForSummary } from "./summary-wait";

const OwnPromise = Promise;

export function compactContext(model: ContextModel, input: unknown, options: unknown): Promise<unknown> {
  return new OwnPromise((resolve, reject) => {
    try {
      const facts = model.facts(input);
      const o = compactOptions(options, model.flags);
      if (facts.units <= o.maxUnits) {
        resolve(Object.freeze({ status: "unchanged", context: facts.snapshot, record: null }));
        return;
      }
      if (o.signal !== null) {
        const a = readAborted(o.signal);
        if (a === undefined) raise("CONTEXT_INVALID_INPUT", "the signal cannot be read");
        if (a) raise("CONTEXT_CANCELLED", "aborted before compaction");
      }
      if (facts.snapshot.compactions.some((c) => c.id === o.recordId)) raise("CONTEXT_INVALID_INPUT", "recordId already used");
      const boundary = chooseBoundary(facts, o);
      if (boundary === null) raise("CONTEXT_BOUNDARY_UNAVAILABLE", "no safe boundary");
      const request = Object.freeze({
        requirements: facts.snapshot.requirements,
        previousSummary: facts.snapshot.summary,
        messages: Object.freeze(facts.snapshot.messages.slice(0, boundary!)),
        boundary,
        maxSummaryUnits: o.summaryMaxUnits,
      });
      let value: unknown;
      try {
        // Without a signal the summarizer gets undefined (§8 allows it).
        value = Reflect.apply(o.summarizer, undefined, [request, o.signal ?? undefined]);
      } catch {
        raise("CONTEXT_SUMMARIZER_FAILED", "the summarizer threw");
      }
      waitForSummary(value, o.signal, model.flags, (error, text) => {
        if (error !== null) return reject(error);
        try {
          resolve(finish(model, facts, o, boundary!, text));
        } catch (problem) {
          reject(problem);
        }
      });
    } catch (problem) {
      reject(problem);
    }
  });
}

function assertNotAborted(o: CompactOptions): void {
  if (o.signal === null) return;
  const a = readAborted(o.signal);
  if (a === undefined) raise("CONTEXT_SUMMARIZER_FAILED", "the signal cannot be read");
  if (a) raise("CONTEXT_CANCELLED", "aborted");
}

function finish(model: ContextModel, facts: Facts, o: CompactOptions, boundary: number, text: unknown): unknown {
  assertNotAborted(o);
  if (typeof text !== "string") raise("CONTEXT_SUMMARY_INVALID", "the summary must be a string");
  const summaryText = text as string;
  if (codePoints(summaryText) > MAX_CONTEXT_STRING_UNITS) raise("CONTEXT_LIMIT_EXCEEDED", "the summary is too long");
  if (isBlank(summaryText)) raise("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is blank");
  const summary = Object.freeze({ id: o.summaryId, content: summaryText });
  if (model.summaryUnits(summary) > o.summaryMaxUnits) raise("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is above summaryMaxUnits");
  const old = facts.snapshot;
  const kept = old.messages.slice(boundary);
  const keptCalls = new Set<string>();
  for (const m of kept) if (m.role === "assistant") for (const b of m.content) if (b.type === "toolCall") keptCalls.add(b.id);
  if (kept.some((m) => m.role === "toolResult" && !keptCalls.has(m.toolCallId))) raise("CONTEXT_INVALID_TRANSCRIPT", "a kept result lost its call");
  const unitsAfter = facts.requirementUnits + model.summaryUnits(summary) + kept.map(unitsOfMessage).reduce((a, b) => a + b, 0);
  if (unitsAfter > o.targetUnits) raise("CONTEXT_SUMMARY_INSUFFICIENT", "the result is above targetUnits");
  const record = Object.freeze({
    id: o.recordId,
    summaryId: o.summaryId,
    boundary,
    compactedMessageIds: Object.freeze(old.messages.slice(0, boundary).map((m) => m.id as string)),
    unitsBefore: facts.units,
    unitsAfter,
  });
  const parts = { requirements: old.requirements, summary, messages: Object.freeze(kept), compactions: Object.freeze([...old.compactions, record]) };
  // Validated as buildActiveContext would, limits included, before anything is exposed.
  model.build(parts);
  const next = model.seal(parts, facts.lastResult.slice(boundary).map((i) => i - boundary));
  assertNotAborted(o);
  return Object.freeze({ status: "compacted", context: next.snapshot, record });
}
