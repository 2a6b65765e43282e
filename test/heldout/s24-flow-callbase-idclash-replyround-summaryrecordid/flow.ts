// A student's own compaction module (session 24): their units, groupToolRounds, walk and
// compactContext (steps 2-8: the fast path, step 3, the request, the call, the summary's checks,
// the record and the new context), written from the contract, and one rule of their own added
// to the reader (the skeleton of session 23's whole-flow students; another student, other
// mistakes). They take from the course's reference only the reader (buildActiveContext), the
// options reader, the error class and the observer of step 5 with its signal helpers. Each of
// the four mistakes is a flag (compose.ts); with every flag off the module answers as src/core.
import { buildActiveContext } from "../../../src/core/snapshot";
import { readBoundaryOptions, readCompactOptions } from "../../../src/core/options";
import { ContextCompactionError, type ContextCompactionErrorCode } from "../../../src/core/errors";
import { awaitValue } from "../../../src/core/observe-async";
import { SignalWatch, readAborted, summarizerSignal } from "../../../src/core/signal";

export type FlowFlags = {
  /** The base 6 of a tool-call block is counted once per assistant message that makes calls, not once per call. */
  readonly callBasePerMessage?: boolean;
  /** The student's duplicate check of tool-call ids uses one set of ids with the message ids in it: a call id equal to an earlier message id is refused. */
  readonly callIdClashesWithMessageId?: boolean;
  /** A tool round also takes the assistant message right after it when that one makes no call (the answer to the results: "a turn"). */
  readonly roundTakesFollowingReply?: boolean;
  /** The new summary is stored with options.recordId as its id (the record's summaryId stays options.summaryId). */
  readonly newSummaryIdFromRecordId?: boolean;
};

type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };
type Block = { type: "text"; text: string } | { type: "toolCall"; id: string; name: string; arguments: { readonly [key: string]: Json } };
type Message =
  | { id: string; role: "user"; content: string }
  | { id: string; role: "assistant"; content: readonly Block[] }
  | { id: string; role: "toolResult"; toolCallId: string; toolName: string; content: string; isError: boolean };
type Requirement = { id: string; content: string };
type Summary = { id: string; content: string };
type Record = { id: string; summaryId: string; boundary: number; compactedMessageIds: readonly string[]; unitsBefore: number; unitsAfter: number };
type Context = { requirements: readonly Requirement[]; summary: Summary | null; messages: readonly Message[]; compactions: readonly Record[] };
type Group = { kind: "message" | "toolRound"; startIndex: number; endIndex: number; messages: readonly Message[] };
type Budgets = { targetUnits: number; summaryMaxUnits: number; retainRecentMessages: number };

const NativePromise = Promise;
const cp = (s: string): number => Array.from(s).length;
const fail = (code: ContextCompactionErrorCode, message: string): never => {
  throw new ContextCompactionError(code, message);
};
export function makeFlow(flags: FlowFlags) {
  // --- reading (§3): the reference's reader, and the student's own rule on tool results -------
  const build = (input: unknown): Context => {
    const context = buildActiveContext(input as never) as unknown as Context;
    if (flags.callIdClashesWithMessageId) {
      // One set of ids for the duplicate check of tool calls, the message ids added as they come.
      const seen = new Set<string>();
      for (const m of context.messages) {
        seen.add(m.id);
        if (m.role === "assistant")
          for (const b of m.content)
            if (b.type === "toolCall") {
              if (seen.has(b.id)) fail("CONTEXT_INVALID_TRANSCRIPT", `duplicate tool call id ${b.id}`);
              seen.add(b.id);
            }
      }
    }
    return context;
  };

  // --- units (§4) ---------------------------------------------------------------------------
  const json = (value: Json): number => {
    if (value === null) return 1;
    if (typeof value === "boolean") return value ? 5 : 6;
    if (typeof value === "number") return 1 + String(value).length;
    if (typeof value === "string") return 1 + cp(value);
    if (Array.isArray(value)) return (value as readonly Json[]).reduce<number>((sum, item) => sum + 1 + json(item), 2);
    const record = value as { readonly [key: string]: Json };
    return Object.keys(record).reduce((sum, key) => sum + 1 + cp(key) + json(record[key]), 2);
  };
  const messageUnits = (m: Message): number => {
    if (m.role === "user") return 4 + cp(m.id) + cp(m.content);
    if (m.role === "toolResult") return 7 + cp(m.id) + cp(m.toolCallId) + cp(m.toolName) + cp(m.content);
    if (flags.callBasePerMessage) {
      const calls = m.content.filter((b) => b.type === "toolCall");
      const base = calls.length > 0 ? 6 : 0;
      return m.content.reduce((sum, b) => sum + (b.type === "text" ? 2 + cp(b.text) : cp(b.id) + cp(b.name) + json(b.arguments)), 4 + cp(m.id) + base);
    }
    return m.content.reduce((sum, b) => sum + (b.type === "text" ? 2 + cp(b.text) : 6 + cp(b.id) + cp(b.name) + json(b.arguments)), 4 + cp(m.id));
  };
  const messagesUnits = (messages: readonly Message[]) => messages.reduce((sum, m) => sum + messageUnits(m), 0);
  const requirementsUnits = (context: Context) => context.requirements.reduce((sum, r) => sum + 3 + cp(r.id) + cp(r.content), 0);
  const summaryBase = 5;
  const summaryUnits = (summary: Summary | null) => (summary === null ? 0 : summaryBase + cp(summary.id) + cp(summary.content));
  const units = (context: Context) => requirementsUnits(context) + summaryUnits(context.summary) + messagesUnits(context.messages);

  // --- groups (§5) --------------------------------------------------------------------------
  const groupsOf = (messages: readonly Message[]): Group[] => {
    // Where the last result of each assistant's calls is.
    const callOwner = new Map<string, number>();
    const reach = messages.map((_, i) => i);
    messages.forEach((m, i) => {
      if (m.role === "assistant") for (const b of m.content) if (b.type === "toolCall") callOwner.set(b.id, i);
      if (m.role === "toolResult") {
        const owner = callOwner.get(m.toolCallId)!;
        reach[owner] = Math.max(reach[owner], i);
      }
    });
    const groups: Group[] = [];
    for (let start = 0; start < messages.length; ) {
      let end = start + 1;
      for (let i = start; i < end; i++) end = Math.max(end, reach[i] + 1);
      // The assistant's answer after the results is part of the turn.
      const next = messages[end];
      if (flags.roundTakesFollowingReply && end - start > 1 && next !== undefined && next.role === "assistant" && !next.content.some((b) => b.type === "toolCall")) end++;
      groups.push({ kind: end - start > 1 ? "toolRound" : "message", startIndex: start, endIndex: end, messages: messages.slice(start, end) });
      start = end;
    }
    return groups;
  };

  const groupToolRounds = (transcript: unknown) => {
    const messages = build({ messages: transcript }).messages;
    return Object.freeze(groupsOf(messages).map((g) => Object.freeze({ ...g, messages: Object.freeze(g.messages) })));
  };

  // --- the boundary (§6) --------------------------------------------------------------------
  const walk = (context: Context, options: Budgets, retain: boolean): number | null => {
    const count = context.messages.length;
    const latest = retain ? count - options.retainRecentMessages : count;
    if (latest <= 0) return null;
    const fixed = requirementsUnits(context) + options.summaryMaxUnits;
    for (const g of groupsOf(context.messages)) {
      if (g.endIndex > latest) return null;
      if (fixed + messagesUnits(context.messages.slice(g.endIndex)) <= options.targetUnits) return g.endIndex;
    }
    return null;
  };

  const estimateContextUnits = (input: unknown) => units(build(input));
  const selectCompactionBoundary = (input: unknown, options: unknown) => {
    const context = build(input);
    return walk(context, readBoundaryOptions(options), true);
  };

  // --- compactContext (§7) ------------------------------------------------------------------
  const compactContext = (input: unknown, rawOptions: unknown): Promise<unknown> =>
    new NativePromise((resolve, reject) => {
      try {
        // 1.
        const context = build(input);
        const options = readCompactOptions(rawOptions);
        // 2.
        const before = units(context);
        if (before <= options.maxUnits) return resolve(Object.freeze({ status: "unchanged", context, record: null }));
        // 3.
        const signal = options.signal;
        if (signal !== undefined) {
          const aborted = readAborted(signal);
          if (aborted === null) fail("CONTEXT_INVALID_INPUT", "reading options.signal threw");
          if (aborted) fail("CONTEXT_CANCELLED", "the signal was aborted before compaction");
        }
        if (context.compactions.some((r) => r.id === options.recordId)) fail("CONTEXT_INVALID_INPUT", `record id ${options.recordId} is already used`);
        const boundary = walk(context, options, true);
        if (boundary === null) return fail("CONTEXT_BOUNDARY_UNAVAILABLE", "no whole-group cut fits the target");
        // 4.
        const request = Object.freeze({
          requirements: context.requirements,
          previousSummary: context.summary,
          messages: Object.freeze(context.messages.slice(0, boundary)),
          boundary,
          maxSummaryUnits: options.summaryMaxUnits,
        });
        const summarize = options.summarizer;
        let value: unknown;
        try {
          value = summarize(request as never, summarizerSignal(signal));
        } catch {
          fail("CONTEXT_SUMMARIZER_FAILED", "the summarizer threw");
        }
        // 5.
        const watch = new SignalWatch(signal);
        const checkSignal = () => {
          const state = watch.state();
          if (state === "aborted") fail("CONTEXT_CANCELLED", "the signal aborted");
          if (state === "unreadable") fail("CONTEXT_SUMMARIZER_FAILED", "reading the signal threw");
        };
        awaitValue(value, watch, (error, text) => {
          if (error !== null) {
            watch.stop();
            return reject(error);
          }
          try {
            // 6.
            checkSignal();
            if (typeof text !== "string") fail("CONTEXT_SUMMARY_INVALID", "the summary is not a string");
            const summary = text as string;
            const textUnits = cp(summary);
            if (textUnits > 65536) fail("CONTEXT_LIMIT_EXCEEDED", "the summary is longer than 65536 code points");
            if (summary.trim().length === 0) fail("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is only whitespace");
            const newSummaryUnits = summaryBase + cp(options.summaryId) + textUnits;
            if (newSummaryUnits > options.summaryMaxUnits) fail("CONTEXT_SUMMARY_INSUFFICIENT", "the summary exceeds summaryMaxUnits");
            // 7.
            const suffix = context.messages.slice(boundary);
            const after = requirementsUnits(context) + newSummaryUnits + messagesUnits(suffix);
            if (after > options.targetUnits) fail("CONTEXT_SUMMARY_INSUFFICIENT", "the compacted context exceeds targetUnits");
            // 8.
            const compactedMessageIds: string[] = [];
            for (let i = 0; i < boundary; i++) compactedMessageIds.push(context.messages[i].id);
            const record: Record = {
              id: options.recordId,
              summaryId: options.summaryId,
              boundary,
              compactedMessageIds,
              unitsBefore: before,
              unitsAfter: after,
            };
            const next = build({
              requirements: context.requirements,
              summary: { id: flags.newSummaryIdFromRecordId ? options.recordId : options.summaryId, content: summary },
              messages: suffix,
              compactions: [...context.compactions, record],
            });
            checkSignal();
            resolve(Object.freeze({ status: "compacted", context: next, record: next.compactions[next.compactions.length - 1] }));
          } catch (failure) {
            reject(failure);
          }
          watch.stop();
        });
      } catch (error) {
        reject(error);
      }
    });

  return { buildActiveContext: (input: unknown) => build(input), groupToolRounds, estimateContextUnits, selectCompactionBoundary, compactContext };
}
