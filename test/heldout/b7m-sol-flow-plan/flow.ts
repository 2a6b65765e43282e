// Sol's second hand-in: his own compactContext (§7) rewritten as a plan (fast path, cut, call,
// checks, new context), with his own price list (§4) and his own walk (§6), over src/core for
// the rest (building contexts, reading options, grouping, following the summarizer's value, the
// signal helpers). The price list serves the estimate, the fast path, the walk, step 7 and the
// record; the walk serves selectCompactionBoundary and compactContext. Each planted mistake is
// a flag.
import { buildActiveContext, groupToolRounds } from "../../../src/core/index";
import { ContextCompactionError, type ContextCompactionErrorCode } from "../../../src/core/errors";
import { readBoundaryOptions, readCompactOptions } from "../../../src/core/options";
import { awaitValue } from "../../../src/core/observe-async";
import { SignalWatch, readAborted, summarizerSignal } from "../../../src/core/signal";

/** The mistakes planted here (index.ts switches them all on). */
export const PLANTED = ["retain-skips-tool-results", "fastpath-json-length", "assistant-first-block-only"];

type Flags = ReadonlySet<string>;
type Json = null | boolean | number | string | readonly Json[] | { readonly [k: string]: Json };
type Block = { type: "text"; text: string } | { type: "toolCall"; id: string; name: string; arguments: { readonly [k: string]: Json } };
type Message =
  | { id: string; role: "user"; content: string }
  | { id: string; role: "assistant"; content: readonly Block[] }
  | { id: string; role: "toolResult"; toolCallId: string; toolName: string; content: string; isError: boolean };
type Item = { id: string; content: string };
type Context = { requirements: readonly Item[]; summary: Item | null; messages: readonly Message[]; compactions: readonly { id: string }[] };
type Budgets = { targetUnits: number; summaryMaxUnits: number; retainRecentMessages: number };

const Native = Promise;
const freeze = Object.freeze;
const call = Reflect.apply;

const fail = (code: ContextCompactionErrorCode, why: string): never => {
  throw new ContextCompactionError(code, why);
};

const len = (s: string): number => Array.from(s).length;
const blank = (s: string): boolean => s.trim() === "";

// ---- prices (§4) ----------------------------------------------------------------------------

const jsonPrice = (v: Json): number =>
  v === null
    ? 1
    : typeof v === "boolean"
      ? v
        ? 5
        : 6
      : typeof v === "number"
        ? 1 + String(v).length
        : typeof v === "string"
          ? 1 + len(v)
          : Array.isArray(v)
            ? (v as readonly Json[]).reduce((n: number, item) => n + 1 + jsonPrice(item), 2)
            : Object.keys(v).reduce((n, k) => n + 1 + len(k) + jsonPrice((v as { readonly [k: string]: Json })[k]), 2);

const blockPrice = (b: Block): number => (b.type === "text" ? 2 + len(b.text) : 6 + len(b.id) + len(b.name) + jsonPrice(b.arguments));

function price(flags: Flags, m: Message): number {
  switch (m.role) {
    case "user":
      return 4 + len(m.id) + len(m.content);
    case "toolResult":
      return 7 + len(m.id) + len(m.toolCallId) + len(m.toolName) + len(m.content);
    case "assistant":
      // [planted assistant-first-block-only] the assistant's content taken as one block, like a user's content
      if (flags.has("assistant-first-block-only")) return 4 + len(m.id) + (m.content.length > 0 ? blockPrice(m.content[0]) : 0);
      return m.content.reduce((n, b) => n + blockPrice(b), 4 + len(m.id));
  }
}

const listPrice = (flags: Flags, list: readonly Message[]): number => list.reduce((n, m) => n + price(flags, m), 0);
const requirementsPrice = (c: Context): number => c.requirements.reduce((n, r) => n + 3 + len(r.id) + len(r.content), 0);
const summaryPrice = (s: Item | null): number => (s === null ? 0 : 5 + len(s.id) + len(s.content));
const contextPrice = (flags: Flags, c: Context): number => requirementsPrice(c) + summaryPrice(c.summary) + listPrice(flags, c.messages);

// ---- the cut (§6) ---------------------------------------------------------------------------

/** Where the recent messages that must stay begin. */
function latestOf(flags: Flags, messages: readonly Message[], retain: number): number {
  if (!flags.has("retain-skips-tool-results")) return messages.length - retain;
  // [planted retain-skips-tool-results] the recent messages are the user's and the assistant's;
  // the tool results among them come along without being counted
  let i = messages.length;
  for (let seen = 0; i > 0 && seen < retain; ) {
    i--;
    if (messages[i].role !== "toolResult") seen++;
  }
  return i;
}

type Plan = { boundary: number; latest: number };

function plan(flags: Flags, c: Context, b: Budgets): Plan | null {
  const latest = latestOf(flags, c.messages, b.retainRecentMessages);
  const fixed = requirementsPrice(c) + b.summaryMaxUnits;
  let left = listPrice(flags, c.messages);
  for (const g of groupToolRounds(c.messages as never)) {
    left -= listPrice(flags, g.messages as unknown as readonly Message[]);
    if (g.endIndex > latest) return null;
    if (fixed + left <= b.targetUnits) return { boundary: g.endIndex, latest };
  }
  return null;
}

const build = (x: unknown): Context => buildActiveContext(x as never) as unknown as Context;

export const estimateWith = (flags: Flags) => (input: unknown): number => contextPrice(flags, build(input));

export const boundaryWith =
  (flags: Flags) =>
  (input: unknown, options: unknown): number | null => {
    const c = build(input);
    return plan(flags, c, readBoundaryOptions(options))?.boundary ?? null;
  };

// ---- compactContext (§7) --------------------------------------------------------------------

export const compactWith =
  (flags: Flags) =>
  (input: unknown, options: unknown): Promise<unknown> =>
    new Native((resolve, reject) => {
      try {
        begin(flags, input, options, resolve, reject);
      } catch (e) {
        reject(e);
      }
    });

function begin(flags: Flags, input: unknown, rawOptions: unknown, resolve: (v: unknown) => void, reject: (e: unknown) => void): void {
  const c = build(input);
  const o = readCompactOptions(rawOptions);
  const unitsBefore = contextPrice(flags, c);
  // [planted fastpath-json-length] small enough? asked of the context's size as text
  const size = flags.has("fastpath-json-length") ? JSON.stringify(c).length : unitsBefore;
  if (size <= o.maxUnits) return resolve(freeze({ status: "unchanged", context: c, record: null }));

  const aborted = o.signal === undefined ? false : readAborted(o.signal);
  if (aborted === null) fail("CONTEXT_INVALID_INPUT", "options.signal cannot be read");
  if (aborted) fail("CONTEXT_CANCELLED", "aborted before compaction");
  if (c.compactions.some((r) => r.id === o.recordId)) fail("CONTEXT_INVALID_INPUT", "recordId already used");
  const p = plan(flags, c, o) ?? fail("CONTEXT_BOUNDARY_UNAVAILABLE", "no whole-group cut fits");

  const request = freeze({
    requirements: c.requirements,
    previousSummary: c.summary,
    messages: freeze(c.messages.slice(0, p.boundary)),
    boundary: p.boundary,
    maxSummaryUnits: o.summaryMaxUnits,
  });
  let value: unknown;
  try {
    value = call(o.summarizer, undefined, [request, summarizerSignal(o.signal)]);
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
      resolve(land(flags, c, o, p, unitsBefore, text, watch));
    } catch (e) {
      reject(e);
    }
    watch.stop();
  });
}

function stillOn(watch: SignalWatch): void {
  const s = watch.state();
  if (s === "aborted") fail("CONTEXT_CANCELLED", "aborted");
  if (s === "unreadable") fail("CONTEXT_SUMMARIZER_FAILED", "the signal cannot be read");
}

function land(flags: Flags, c: Context, o: ReturnType<typeof readCompactOptions>, p: Plan, unitsBefore: number, text: unknown, watch: SignalWatch): unknown {
  // 6. the summary
  stillOn(watch);
  if (typeof text !== "string") fail("CONTEXT_SUMMARY_INVALID", "the summary is not text");
  const t = text as string;
  if (len(t) > 65536) fail("CONTEXT_LIMIT_EXCEEDED", "the summary is longer than 65536 code points");
  if (blank(t)) fail("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is blank");
  const summary = { id: o.summaryId, content: t };
  if (summaryPrice(summary) > o.summaryMaxUnits) fail("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is over summaryMaxUnits");
  // 7. the retained suffix
  const retained = c.messages.slice(p.boundary);
  const unitsAfter = requirementsPrice(c) + summaryPrice(summary) + listPrice(flags, retained);
  if (unitsAfter > o.targetUnits) fail("CONTEXT_SUMMARY_INSUFFICIENT", "the compacted context is over targetUnits");
  // 8. the record and the new context
  const record = {
    id: o.recordId,
    summaryId: o.summaryId,
    boundary: p.boundary,
    compactedMessageIds: c.messages.slice(0, p.boundary).map((m) => m.id),
    unitsBefore,
    unitsAfter,
  };
  const next = build({ requirements: c.requirements, summary, messages: retained, compactions: [...c.compactions, record] });
  stillOn(watch);
  return freeze({ status: "compacted", context: next, record: next.compactions[next.compactions.length - 1] });
}
