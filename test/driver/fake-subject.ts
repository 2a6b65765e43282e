// A tiny hand-written subject for the driver's tests (deliberately NOT src/core): just enough
// of the contract's shape to exercise every script kind, abort point and decoration. Variants
// misbehave on purpose so that the driver's observations can be seen to change.

export class FakeContextError extends Error {
  readonly code: string;
  constructor(code: string) {
    super(`fake: ${code}`);
    this.name = "ContextCompactionError";
    this.code = code;
    Object.freeze(this);
  }
}

export interface FakeVariant {
  /** Reads the input with ordinary property access (calls getters, goes through proxies). */
  sloppyReads?: boolean;
  /** Does not freeze what it returns. */
  unfrozenResults?: boolean;
  /** Ignores the summarizer's returned promise (a rejection is left unhandled). */
  leaksSummarizerPromise?: boolean;
  /** Passes a signal of its own to the summarizer. */
  wrongSignal?: boolean;
  /** Keeps an abort listener that mutates its (unfrozen) result after settlement. */
  mutatesOnLateAbort?: boolean;
  /** buildActiveContext(built) returns a new object instead of the same one. */
  rebuildsCopies?: boolean;
}

type Rec = Record<string, unknown>;

function deepFreeze<T>(v: T): T {
  if (typeof v === "object" && v !== null) {
    for (const k of Reflect.ownKeys(v)) deepFreeze((v as Rec)[k as string]);
    Object.freeze(v);
  }
  return v;
}

function own(o: unknown, key: string, code: string): unknown {
  if (typeof o !== "object" || o === null) throw new FakeContextError(code);
  const d = Reflect.getOwnPropertyDescriptor(o, key);
  if (d === undefined) return undefined;
  if (!("value" in d)) throw new FakeContextError(code);
  return d.value;
}

function copyData(v: unknown, code: string): unknown {
  if (typeof v !== "object" || v === null) {
    if (typeof v === "function" || typeof v === "bigint" || typeof v === "symbol" || v === undefined) throw new FakeContextError(code);
    return v;
  }
  if (Array.isArray(v)) {
    const out: unknown[] = [];
    for (let i = 0; i < v.length; i++) {
      if (!Object.prototype.hasOwnProperty.call(v, i)) throw new FakeContextError(code);
      out.push(copyData(own(v, String(i), code), code));
    }
    return out;
  }
  const proto = Reflect.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) throw new FakeContextError(code);
  const out: Rec = {};
  for (const k of Reflect.ownKeys(v)) {
    if (typeof k !== "string") throw new FakeContextError(code);
    out[k] = copyData(own(v, k, code), code);
  }
  return out;
}

export function makeFakeSubject(variant: FakeVariant = {}): Record<string, unknown> {
  const built = new WeakSet<object>();
  const finish = <T>(v: T): T => (variant.unfrozenResults ? v : deepFreeze(v));

  function buildActiveContext(input: unknown): unknown {
    if (typeof input === "object" && input !== null && built.has(input)) {
      return variant.rebuildsCopies ? { ...(input as Rec) } : input;
    }
    let messages: unknown;
    let requirements: unknown;
    if (variant.sloppyReads) {
      const plain = input as Rec;
      messages = JSON.parse(JSON.stringify(plain.messages ?? []));
      requirements = JSON.parse(JSON.stringify(plain.requirements ?? []));
    } else {
      messages = copyData(own(input, "messages", "CONTEXT_INVALID_TRANSCRIPT") ?? [], "CONTEXT_INVALID_TRANSCRIPT");
      requirements = copyData(own(input, "requirements", "CONTEXT_INVALID_INPUT") ?? [], "CONTEXT_INVALID_INPUT");
    }
    if (!Array.isArray(messages)) throw new FakeContextError("CONTEXT_INVALID_TRANSCRIPT");
    const ctx = deepFreeze({ requirements, summary: null, messages, compactions: [] as unknown[] });
    built.add(ctx);
    return ctx;
  }

  function estimateContextUnits(input: unknown): number {
    const ctx = buildActiveContext(input) as { messages: unknown[] };
    return ctx.messages.length * 10;
  }

  function groupToolRounds(transcript: unknown): unknown {
    if (!Array.isArray(transcript)) throw new FakeContextError("CONTEXT_INVALID_TRANSCRIPT");
    const groups = transcript.map((m, i) => ({ kind: "message", startIndex: i, endIndex: i + 1, messages: [copyData(m, "CONTEXT_INVALID_TRANSCRIPT")] }));
    return finish(groups);
  }

  function selectCompactionBoundary(input: unknown, options: unknown): number | null {
    const ctx = buildActiveContext(input) as { messages: unknown[] };
    const retain = own(options, "retainRecentMessages", "CONTEXT_INVALID_INPUT");
    if (typeof retain !== "number") throw new FakeContextError("CONTEXT_INVALID_BUDGET");
    return ctx.messages.length - retain >= 1 ? 1 : null;
  }

  /** Adopts thenables one level at a time (so the levels can be counted), watching the signal. */
  function settleWatching(value: unknown, signal: AbortSignal | undefined): Promise<{ text: unknown; levels: number }> {
    return new Promise((resolve, reject) => {
      const onAbort = () => reject(new FakeContextError("CONTEXT_CANCELLED"));
      if (signal?.aborted) return onAbort();
      signal?.addEventListener("abort", onAbort, { once: true });
      const failed = () => reject(new FakeContextError(signal?.aborted ? "CONTEXT_CANCELLED" : "CONTEXT_SUMMARIZER_FAILED"));
      let levels = 0;
      const step = (v: unknown): void => {
        if ((typeof v === "object" && v !== null) || typeof v === "function") {
          let then: unknown;
          try {
            then = (v as { then?: unknown }).then;
          } catch {
            return failed();
          }
          if (typeof then === "function") {
            levels++;
            try {
              then.call(v, (next: unknown) => step(next), failed);
            } catch {
              failed();
            }
            return;
          }
        }
        signal?.removeEventListener("abort", onAbort);
        resolve({ text: v, levels });
      };
      step(value);
    });
  }

  async function compactContext(input: unknown, options: unknown): Promise<unknown> {
    const ctx = buildActiveContext(input) as { requirements: unknown[]; summary: unknown; messages: { id: string }[]; compactions: unknown[] };
    if (typeof options !== "object" || options === null) throw new FakeContextError("CONTEXT_INVALID_INPUT");
    const o = options as Rec;
    const signal = o.signal as AbortSignal | undefined;
    if (signal !== undefined && !(signal instanceof AbortSignal)) throw new FakeContextError("CONTEXT_INVALID_INPUT");
    if (typeof o.summarizer !== "function") throw new FakeContextError("CONTEXT_INVALID_INPUT");
    if (estimateContextUnits(ctx) <= (o.maxUnits as number)) return finish({ status: "unchanged", context: ctx, record: null });
    if (signal?.aborted) throw new FakeContextError("CONTEXT_CANCELLED");
    const request = deepFreeze({ requirements: ctx.requirements, previousSummary: ctx.summary, messages: ctx.messages.slice(0, 1), boundary: 1, maxSummaryUnits: o.summaryMaxUnits });
    const passedSignal = variant.wrongSignal ? new AbortController().signal : signal;
    let value: unknown;
    try {
      value = (o.summarizer as (r: unknown, s: unknown) => unknown)(variant.unfrozenResults ? { ...request } : request, passedSignal);
    } catch {
      throw new FakeContextError("CONTEXT_SUMMARIZER_FAILED");
    }
    if (variant.leaksSummarizerPromise) value = "leaked";
    const { text, levels } = await settleWatching(value, signal);
    if (signal?.aborted) throw new FakeContextError("CONTEXT_CANCELLED");
    if (typeof text !== "string") throw new FakeContextError("CONTEXT_SUMMARY_INVALID");
    const record = { id: o.recordId, summaryId: o.summaryId, boundary: 1, compactedMessageIds: [ctx.messages[0].id], unitsBefore: 0, unitsAfter: 0 };
    const context = { requirements: ctx.requirements, summary: { id: o.summaryId, content: text }, messages: ctx.messages.slice(1), compactions: [...ctx.compactions, record] };
    const result = finish({ status: "compacted", context, record, adoptionLevels: levels });
    if (variant.mutatesOnLateAbort) signal?.addEventListener("abort", () => (result.context.compactions as unknown[]).push("late"));
    return result;
  }

  return {
    buildActiveContext,
    estimateContextUnits,
    groupToolRounds,
    selectCompactionBoundary,
    compactContext,
    ContextCompactionError: FakeContextError,
  };
}
