// Sol's own meter (§4), cut (§6) and compactContext (§7), written over src/core's reader: every
// context is built by src/core first (so the rules and ceilings of §3 are the reference's), then
// Sol prices it, walks it and compacts it with his own code. One Meter prices everything: the
// estimate, the fast path, the walk, the summary's budget and the record's units. Each planted
// mistake is a flag.
import { buildActiveContext, groupToolRounds } from "../../../src/core/index";
import { ContextCompactionError, type ContextCompactionErrorCode } from "../../../src/core/errors";
import { readBoundaryOptions, readCompactOptions } from "../../../src/core/options";
import { awaitValue } from "../../../src/core/observe-async";
import { SignalWatch, readAborted, summarizerSignal } from "../../../src/core/signal";
import { isNonEmpty } from "../../../src/core/read";

/** The mistakes planted here (index.ts switches them all on). */
export const PLANTED = ["json-null-priced-as-object", "nested-containers-priced-flat"];

type Flags = ReadonlySet<string>;
type Json = null | boolean | number | string | readonly Json[] | { readonly [k: string]: Json };
type Block = { type: "text"; text: string } | { type: "toolCall"; id: string; name: string; arguments: { readonly [k: string]: Json } };
type Msg =
  | { id: string; role: "user"; content: string }
  | { id: string; role: "assistant"; content: readonly Block[] }
  | { id: string; role: "toolResult"; toolCallId: string; toolName: string; content: string; isError: boolean };
type Ctx = {
  requirements: readonly { id: string; content: string }[];
  summary: { id: string; content: string } | null;
  messages: readonly Msg[];
  compactions: readonly { id: string }[];
};
type CompactOpts = ReturnType<typeof readCompactOptions>;

const LONGEST = 65536;
// Held from load, whatever the caller does to the globals later.
const NativePromise = Promise;
const freeze = Object.freeze;
const apply = Reflect.apply;

function stop(code: ContextCompactionErrorCode, why: string): never {
  throw new ContextCompactionError(code, why);
}

/** Unicode code points (the string iterator gives a lone surrogate on its own). */
export function cp(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

export class Meter {
  constructor(private readonly flags: Flags) {}

  /** J(v); `depth` is 0 for the arguments object itself. */
  json(v: Json, depth: number): number {
    // arrays and objects first, they are the big ones
    if (typeof v === "object" && (v !== null || this.flags.has("json-null-priced-as-object"))) {
      // [planted nested-containers-priced-flat] a container inside the arguments is priced by its brackets
      if (depth > 0 && this.flags.has("nested-containers-priced-flat")) return 2;
      if (Array.isArray(v)) {
        let n = 2;
        for (const item of v as readonly Json[]) n += 1 + this.json(item, depth + 1);
        return n;
      }
      // [planted json-null-priced-as-object] null goes this way too (typeof null is "object"): no keys, 2
      const record = Object(v) as { readonly [k: string]: Json };
      let n = 2;
      for (const key of Object.keys(record)) n += 1 + cp(key) + this.json(record[key], depth + 1);
      return n;
    }
    if (v === null) return 1;
    if (typeof v === "boolean") return v ? 5 : 6;
    if (typeof v === "number") return 1 + String(v).length;
    return 1 + cp(v as string);
  }

  block(b: Block): number {
    return b.type === "text" ? 2 + cp(b.text) : 6 + cp(b.id) + cp(b.name) + this.json(b.arguments, 0);
  }

  message(m: Msg): number {
    if (m.role === "user") return 4 + cp(m.id) + cp(m.content);
    if (m.role === "toolResult") return 7 + cp(m.id) + cp(m.toolCallId) + cp(m.toolName) + cp(m.content);
    let n = 4 + cp(m.id);
    for (const b of m.content) n += this.block(b);
    return n;
  }

  requirements(c: Ctx): number {
    let n = 0;
    for (const r of c.requirements) n += 3 + cp(r.id) + cp(r.content);
    return n;
  }

  summary(s: { id: string; content: string } | null): number {
    return s === null ? 0 : 5 + cp(s.id) + cp(s.content);
  }

  messages(list: readonly Msg[]): number {
    let n = 0;
    for (const m of list) n += this.message(m);
    return n;
  }

  context(c: Ctx): number {
    return this.requirements(c) + this.summary(c.summary) + this.messages(c.messages);
  }
}

const build = (input: unknown): Ctx => buildActiveContext(input as never) as unknown as Ctx;

/** The earliest whole-group cut that fits (§6), priced with the meter. */
function cut(c: Ctx, o: { targetUnits: number; summaryMaxUnits: number; retainRecentMessages: number }, meter: Meter): number | null {
  const prices = c.messages.map((m) => meter.message(m));
  let rest = prices.reduce((a, b) => a + b, 0);
  const latest = c.messages.length - o.retainRecentMessages;
  const reserve = meter.requirements(c) + o.summaryMaxUnits;
  for (const g of groupToolRounds(c.messages as never)) {
    for (let i = g.startIndex; i < g.endIndex; i++) rest -= prices[i];
    if (g.endIndex > latest) return null;
    if (reserve + rest <= o.targetUnits) return g.endIndex;
  }
  return null;
}

export function estimateWith(flags: Flags) {
  return (input: unknown): number => new Meter(flags).context(build(input));
}

export function boundaryWith(flags: Flags) {
  return (input: unknown, options: unknown): number | null => {
    const c = build(input);
    return cut(c, readBoundaryOptions(options), new Meter(flags));
  };
}

export function compactWith(flags: Flags) {
  return (input: unknown, options: unknown): Promise<unknown> =>
    new NativePromise((resolve, reject) => {
      try {
        run(input, options, new Meter(flags), resolve, reject);
      } catch (e) {
        reject(e);
      }
    });
}

type Job = { c: Ctx; o: CompactOpts; at: number; before: number; meter: Meter };

function run(input: unknown, rawOptions: unknown, meter: Meter, resolve: (v: unknown) => void, reject: (e: unknown) => void): void {
  const c = build(input);
  const o = readCompactOptions(rawOptions);
  const before = meter.context(c);
  if (before <= o.maxUnits) {
    resolve(freeze({ status: "unchanged", context: c, record: null }));
    return;
  }
  const state = o.signal === undefined ? false : readAborted(o.signal);
  if (state === null) stop("CONTEXT_INVALID_INPUT", "options.signal cannot be read");
  if (state) stop("CONTEXT_CANCELLED", "already aborted");
  for (const r of c.compactions) if (r.id === o.recordId) stop("CONTEXT_INVALID_INPUT", "recordId is taken");
  const at = cut(c, o, meter);
  if (at === null) stop("CONTEXT_BOUNDARY_UNAVAILABLE", "nothing can be cut");
  const request = freeze({
    requirements: c.requirements,
    previousSummary: c.summary,
    messages: freeze(c.messages.slice(0, at)),
    boundary: at,
    maxSummaryUnits: o.summaryMaxUnits,
  });
  let value: unknown;
  try {
    value = apply(o.summarizer, undefined, [request, summarizerSignal(o.signal)]);
  } catch {
    stop("CONTEXT_SUMMARIZER_FAILED", "the summarizer threw");
  }
  const watch = new SignalWatch(o.signal);
  const job: Job = { c, o, at, before, meter };
  awaitValue(value, watch, (error, text) => {
    if (error !== null) {
      watch.stop();
      reject(error);
      return;
    }
    try {
      resolve(finish(job, text, watch));
    } catch (e) {
      reject(e);
    }
    watch.stop();
  });
}

function signalOk(watch: SignalWatch): void {
  const s = watch.state();
  if (s === "aborted") stop("CONTEXT_CANCELLED", "aborted");
  if (s === "unreadable") stop("CONTEXT_SUMMARIZER_FAILED", "the signal cannot be read");
}

function finish(job: Job, text: unknown, watch: SignalWatch): unknown {
  const { c, o, at, before, meter } = job;
  signalOk(watch);
  if (typeof text !== "string") stop("CONTEXT_SUMMARY_INVALID", "not a string");
  if (cp(text) > LONGEST) stop("CONTEXT_LIMIT_EXCEEDED", "the summary is too long");
  if (!isNonEmpty(text)) stop("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is blank");
  const summary = { id: o.summaryId, content: text };
  if (meter.summary(summary) > o.summaryMaxUnits) stop("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is over summaryMaxUnits");
  const kept = c.messages.slice(at);
  const after = meter.requirements(c) + meter.summary(summary) + meter.messages(kept);
  if (after > o.targetUnits) stop("CONTEXT_SUMMARY_INSUFFICIENT", "still over targetUnits");
  const record = {
    id: o.recordId,
    summaryId: o.summaryId,
    boundary: at,
    compactedMessageIds: c.messages.slice(0, at).map((m) => m.id),
    unitsBefore: before,
    unitsAfter: after,
  };
  const next = build({ requirements: c.requirements, summary, messages: kept, compactions: [...c.compactions, record] });
  signalOk(watch);
  return freeze({ status: "compacted", context: next, record: next.compactions[next.compactions.length - 1] });
}
