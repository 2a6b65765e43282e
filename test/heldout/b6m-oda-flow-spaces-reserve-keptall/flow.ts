// Oda's own flow: her pricing of a context (§4), her cut (§6) and her compactContext (§7, steps
// 1-8), written over src/core for the rest. The core builds and validates contexts (so every rule
// and ceiling of §3 is the core's), groups tool rounds, reads the options, reads and watches the
// signal and follows the summarizer's value; Oda prices, cuts, orders the steps, checks the
// summary and writes the record and the new context. One pricer (`Pricer`) serves the estimate,
// the fast path, the cut, the summary's budget and the record; one test (`fitsTarget`) serves the
// cut and step 7. Each planted mistake is a flag.
import { buildActiveContext, groupToolRounds, validateTranscript } from "../../../src/core/index";
import { ContextCompactionError, type ContextCompactionErrorCode } from "../../../src/core/errors";
import { readBoundaryOptions, readCompactOptions, type BoundaryOptions } from "../../../src/core/options";
import { awaitValue } from "../../../src/core/observe-async";
import { SignalWatch, readAborted, summarizerSignal } from "../../../src/core/signal";
import { isNonEmpty } from "../../../src/core/read";

/** The mistakes planted in this flow (index.ts switches every one on). */
export const PLANTED = ["whitespace-runs-counted-once", "target-check-reserves-summary-again", "new-context-keeps-compacted-messages"];

type Flags = ReadonlySet<string>;
type Context = ReturnType<typeof buildActiveContext>;
type Message = Context["messages"][number];
type Json = null | boolean | number | string | readonly Json[] | { readonly [k: string]: Json };

const NativePromise = Promise;
const freeze = Object.freeze;
const apply = Reflect.apply;
const LONGEST_SUMMARY = 65536;

function stop(code: ContextCompactionErrorCode, why: string): never {
  throw new ContextCompactionError(code, why);
}

// ---------------------------------------------------------------------------------------------
// Pricing (§4)

class Pricer {
  constructor(private readonly flags: Flags) {}

  /** u(s): code points. */
  u(s: string): number {
    // [planted whitespace-runs-counted-once] a run of whitespace is priced as one character, as a tokenizer would see it
    const seen = this.flags.has("whitespace-runs-counted-once") ? s.replace(/\s+/g, " ") : s;
    let n = 0;
    for (const _ch of seen) n++;
    return n;
  }

  json(v: Json): number {
    if (v === null) return 1;
    if (v === true) return 5;
    if (v === false) return 6;
    if (typeof v === "number") return 1 + String(v).length;
    if (typeof v === "string") return 1 + this.u(v);
    let n = 2;
    if (Array.isArray(v)) {
      for (const item of v as readonly Json[]) n += 1 + this.json(item);
      return n;
    }
    for (const key of Object.keys(v)) n += 1 + this.u(key) + this.json((v as { readonly [k: string]: Json })[key]);
    return n;
  }

  message(m: Message): number {
    if (m.role === "user") return 4 + this.u(m.id) + this.u(m.content);
    if (m.role === "toolResult") return 7 + this.u(m.id) + this.u(m.toolCallId) + this.u(m.toolName) + this.u(m.content);
    let n = 4 + this.u(m.id);
    for (const block of m.content) {
      n += block.type === "text" ? 2 + this.u(block.text) : 6 + this.u(block.id) + this.u(block.name) + this.json(block.arguments as Json);
    }
    return n;
  }

  requirements(c: Context): number {
    let n = 0;
    for (const r of c.requirements) n += 3 + this.u(r.id) + this.u(r.content);
    return n;
  }

  summary(id: string, content: string): number {
    return 5 + this.u(id) + this.u(content);
  }

  messages(list: readonly Message[]): number {
    let n = 0;
    for (const m of list) n += this.message(m);
    return n;
  }

  context(c: Context): number {
    return this.requirements(c) + (c.summary === null ? 0 : this.summary(c.summary.id, c.summary.content)) + this.messages(c.messages);
  }
}

export function estimateWith(flags: Flags) {
  return (input: unknown): number => new Pricer(flags).context(buildActiveContext(input as never));
}

// ---------------------------------------------------------------------------------------------
// The cut (§6)

/** Whether requirements + the summary's room + what is kept fit the target. */
function fitsTarget(requirementUnits: number, keptUnits: number, o: BoundaryOptions): boolean {
  return requirementUnits + o.summaryMaxUnits + keptUnits <= o.targetUnits;
}

function cut(c: Context, o: BoundaryOptions, pricer: Pricer): number | null {
  const prices = c.messages.map((m) => pricer.message(m));
  const requirementUnits = pricer.requirements(c);
  const latest = c.messages.length - o.retainRecentMessages;
  let kept = 0;
  for (const p of prices) kept += p;
  for (const group of groupToolRounds(c.messages)) {
    for (let i = group.startIndex; i < group.endIndex; i++) kept -= prices[i];
    if (group.endIndex > latest) return null;
    if (fitsTarget(requirementUnits, kept, o)) return group.endIndex;
  }
  return null;
}

export function boundaryWith(flags: Flags) {
  return (input: unknown, options: unknown): number | null => {
    const c = buildActiveContext(input as never);
    return cut(c, readBoundaryOptions(options), new Pricer(flags));
  };
}

// ---------------------------------------------------------------------------------------------
// compactContext (§7)

type Options = ReturnType<typeof readCompactOptions>;
type Job = { c: Context; o: Options; at: number; before: number; pricer: Pricer; flags: Flags };

export function compactWith(flags: Flags) {
  return (input: unknown, options: unknown): Promise<unknown> =>
    new NativePromise((resolve, reject) => {
      try {
        begin(input, options, flags, resolve, reject);
      } catch (error) {
        reject(error);
      }
    });
}

function begin(input: unknown, rawOptions: unknown, flags: Flags, resolve: (v: unknown) => void, reject: (e: unknown) => void): void {
  // step 1: the context first, then the options
  const c = buildActiveContext(input as never);
  const o = readCompactOptions(rawOptions);
  const pricer = new Pricer(flags);
  // step 2: small enough as it is
  const before = pricer.context(c);
  if (before <= o.maxUnits) {
    resolve(freeze({ status: "unchanged", context: c, record: null }));
    return;
  }
  // step 3: aborted already? record id taken? somewhere to cut?
  const aborted = o.signal === undefined ? false : readAborted(o.signal);
  if (aborted === null) stop("CONTEXT_INVALID_INPUT", "options.signal cannot be read");
  if (aborted) stop("CONTEXT_CANCELLED", "the signal was aborted before compaction");
  for (const record of c.compactions) if (record.id === o.recordId) stop("CONTEXT_INVALID_INPUT", `record id ${o.recordId} is taken`);
  const at = cut(c, o, pricer);
  if (at === null) stop("CONTEXT_BOUNDARY_UNAVAILABLE", "no whole-group cut fits the target");
  // step 4: one call
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
  // step 5: wait for it, watching the signal
  const job: Job = { c, o, at, before, pricer, flags };
  const watch = new SignalWatch(o.signal);
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

function stillWanted(watch: SignalWatch): void {
  const state = watch.state();
  if (state === "aborted") stop("CONTEXT_CANCELLED", "the signal was aborted");
  if (state === "unreadable") stop("CONTEXT_SUMMARIZER_FAILED", "the signal cannot be read");
}

function finish(job: Job, text: unknown, watch: SignalWatch): unknown {
  const { c, o, at, before, pricer, flags } = job;
  // step 6: the text
  stillWanted(watch);
  if (typeof text !== "string") stop("CONTEXT_SUMMARY_INVALID", "the summary is not a string");
  if (pricer.u(text) > LONGEST_SUMMARY) stop("CONTEXT_LIMIT_EXCEEDED", "the summary is too long");
  if (!isNonEmpty(text)) stop("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is only whitespace");
  const summaryUnits = pricer.summary(o.summaryId, text);
  if (summaryUnits > o.summaryMaxUnits) stop("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is over summaryMaxUnits");
  // step 7: what stays must be a transcript, and the whole must fit the target
  const kept = c.messages.slice(at);
  if (validateTranscript(kept).length > 0) stop("CONTEXT_INVALID_TRANSCRIPT", "the kept messages are not a transcript");
  const requirementUnits = pricer.requirements(c);
  const after = requirementUnits + summaryUnits + pricer.messages(kept);
  // [planted target-check-reserves-summary-again] step 7 reuses the cut's test, which keeps room for a summary on top of the summary itself
  const fits = flags.has("target-check-reserves-summary-again")
    ? fitsTarget(requirementUnits, summaryUnits + pricer.messages(kept), o)
    : after <= o.targetUnits;
  if (!fits) stop("CONTEXT_SUMMARY_INSUFFICIENT", "the compacted context is over targetUnits");
  // step 8: the record, the new context (built, hence validated, by the core), the signal once more
  const record = {
    id: o.recordId,
    summaryId: o.summaryId,
    boundary: at,
    compactedMessageIds: c.messages.slice(0, at).map((m) => m.id),
    unitsBefore: before,
    unitsAfter: after,
  };
  const summary = { id: o.summaryId, content: text };
  const compactions = [...c.compactions, record];
  // [planted new-context-keeps-compacted-messages] the new context is the old one spread, with the new summary and records, and its messages are never replaced by the kept ones
  const draft = flags.has("new-context-keeps-compacted-messages") ? { ...c, summary, compactions } : { ...c, summary, messages: kept, compactions };
  const next = buildActiveContext(draft as never);
  stillWanted(watch);
  return freeze({ status: "compacted", context: next, record: next.compactions[next.compactions.length - 1] });
}
