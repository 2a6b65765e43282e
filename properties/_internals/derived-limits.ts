import fc from "fast-check";
import type { CompactionRecordData, ContextData, Json, MessageData, Scenario } from "../../src/scenario";
import { LIMIT, modelBuild, modelCodePoints } from "../../src/model";
import { calibrated, once } from "./calibrate";

// Compactions whose *new* context lands exactly at a limit of contract §3, or one past it,
// while the old context is within every limit (contract §7 step 8: "build and validate the
// new context"), and a summary text of exactly 65,536 code points or one more (step 6). The
// budgets always fit, so a past-limit scenario can only fail with CONTEXT_LIMIT_EXCEEDED.
//
// Every shape compacts all of its messages (targetUnits = summaryMaxUnits = 5 + u(summaryId)
// + u(text), retainRecentMessages 0), so the new context is
//   { requirements: [], summary: { id: summaryId, content: text }, messages: [],
//     compactions: [...old, record] }.

export type DerivedLimit = "records" | "summaryId" | "recordId" | "summaryText" | "collectionItems" | "totalStringUnits";
export const DERIVED_LIMITS: readonly DerivedLimit[] = ["records", "summaryId", "recordId", "summaryText", "collectionItems", "totalStringUnits"];

const TEXT = "a summary of everything so far";

/** `n` code points; astral ones (two UTF-16 units each) when asked. */
function codePoints(n: number, astral: boolean): string {
  return astral ? "\u{1F600}".repeat(Math.floor(n / 2)) + "y".repeat(n - Math.floor(n / 2)) : "x".repeat(n);
}

/** Empty user messages (content strings cost nothing), enough of them to exceed `units`. */
function messagesOver(units: number): MessageData[] {
  const count = Math.ceil((units + 1) / 6) + 1; // 4 + u("mNN") >= 6 units each
  return Array.from({ length: count }, (_, i) => ({ id: `m${i}`, role: "user", content: "" }));
}

/** A record of an earlier compaction of `ids` (never one of the new record's ids). */
const filler = (i: number, ids: string[]): CompactionRecordData => ({ id: `old${i}`, summaryId: "s", boundary: ids.length, compactedMessageIds: ids, unitsBefore: 10, unitsAfter: 5 });

interface Shape {
  readonly context: ContextData;
  readonly summaryId: string;
  readonly recordId: string;
  /** The summarizer's text (TEXT unless the limit is the summary's own length, step 6). */
  readonly text?: string;
}

const textOf = (shape: Shape): string => shape.text ?? TEXT;

/** The new context step 8 must validate, as data. */
function derived(shape: Shape): Json {
  const messages = shape.context.messages ?? [];
  const record = { id: shape.recordId, summaryId: shape.summaryId, boundary: messages.length, compactedMessageIds: messages.map((m) => m.id), unitsBefore: 0, unitsAfter: 0 };
  return { requirements: [], summary: { id: shape.summaryId, content: textOf(shape) }, messages: [], compactions: [...(shape.context.compactions ?? []), record] } as unknown as Json;
}

const fits = (shape: Shape): boolean => modelBuild(derived(shape)).ok;

/** The largest n in [lo, hi] whose shape's new context fits, for make monotone in n (memoized under `key`). */
const largestFitting = (key: string, lo: number, hi: number, make: (n: number) => Shape): number => calibrated(key, lo, hi, (n) => fits(make(n)));

function shapeFor(limit: DerivedLimit, past: boolean, astral: boolean): Shape {
  const small = (context: ContextData): Shape => ({ context, summaryId: "sum", recordId: "rec-new" });
  switch (limit) {
    case "records": {
      const old = Array.from({ length: LIMIT.records - 1 + (past ? 1 : 0) }, (_, i) => filler(i, [`m${i}`]));
      return small({ messages: messagesOver(5 + 3 + TEXT.length), compactions: old });
    }
    case "summaryId":
    case "recordId":
    case "summaryText": {
      const long = codePoints(LIMIT.stringUnits + (past ? 1 : 0), astral);
      const summaryId = limit === "summaryId" ? long : "sum";
      const text = limit === "summaryText" ? long : TEXT;
      // Enough messages (in 40,000-code-point contents) to exceed the large summary budget.
      const budget = 5 + modelCodePoints(summaryId) + modelCodePoints(text);
      const big = Math.ceil((budget + 1) / 40_000);
      const messages: MessageData[] = Array.from({ length: big }, (_, i) => ({ id: `m${i}`, role: "user", content: codePoints(40_000, astral) }));
      return { context: { messages }, summaryId, recordId: limit === "recordId" ? long : "rec-new", text };
    }
    case "collectionItems": {
      const messages = messagesOver(5 + 3 + TEXT.length);
      // n ids held by records of at most 4,096 ids each (a per-record limit of §3 of its own).
      const make = (n: number): Shape => {
        const records = Array.from({ length: Math.ceil(n / LIMIT.idsPerRecord) }, (_, k) => filler(k, Array.from({ length: Math.min(LIMIT.idsPerRecord, n - k * LIMIT.idsPerRecord) }, () => "i")));
        return small({ messages, compactions: records });
      };
      return make(largestFitting(`items:${messages.length}`, 1, LIMIT.collectionItems, make) + (past ? 1 : 0));
    }
    case "totalStringUnits": {
      // With an old summary (astral) its strings leave the context with it; without one, not.
      // (The compacted messages' ids move into the record; a long recordId and the new
      // summary make the new context the larger one.)
      const summary = astral ? { id: "o", content: "😀" } : undefined;
      const messages = messagesOver(5 + 3 + TEXT.length);
      // 16 ids of up to 65,536 code points each hold the old context's strings.
      const make = (n: number): Shape => {
        const ids = Array.from({ length: 16 }, (_, i) => codePoints(Math.floor(n / 16) + (i === 0 ? n % 16 : 0), astral && i === 1));
        return { context: { ...(summary === undefined ? {} : { summary }), messages, compactions: [filler(0, ids)] }, summaryId: "sum", recordId: "r".repeat(100) };
      };
      return make(largestFitting(`strings:${astral}`, 16, LIMIT.totalStringUnits, make) + (past ? 1 : 0));
    }
  }
}

/** The compact operation that summarizes every message of `shape` with TEXT. */
function compactAll(shape: Shape, prebuilt: boolean): Scenario["operation"] {
  const budget = 5 + modelCodePoints(shape.summaryId) + modelCodePoints(textOf(shape));
  return {
    kind: "compact",
    context: shape.context as unknown as Json,
    prebuilt,
    options: { targetUnits: budget, summaryMaxUnits: budget, retainRecentMessages: 0, maxUnits: budget, summaryId: shape.summaryId, recordId: shape.recordId },
    summarizer: { kind: "text", text: textOf(shape), delivery: "sync" },
    summarizerSlot: "script",
    signal: "none",
    abort: "none",
  };
}

function derivedLimitScenario(limit: DerivedLimit, past: boolean, astral: boolean, prebuilt: boolean): Scenario {
  return {
    operation: compactAll(shapeFor(limit, past, astral), prebuilt),
    labels: [`derived:${limit}`, `side:${past ? "past" : "at"}`, `prebuilt:${prebuilt}`],
  };
}

/**
 * Every limit at and one past its edge, with and without astral strings (an old summary, for
 * the total strings): 24 scenarios, prebuilt and plain input alternating. The property's edge
 * cases, so even a 10-case run sees them all; built once.
 */
export const derivedLimitEdges = once((): readonly Scenario[] => {
  const edges: Scenario[] = [];
  for (const limit of DERIVED_LIMITS) {
    for (const past of [false, true]) {
      for (const astral of [false, true]) edges.push(derivedLimitScenario(limit, past, astral, edges.length % 2 === 1));
    }
  }
  return edges;
});

/** Compactions whose new context is exactly at a limit (succeeds) or one past it (CONTEXT_LIMIT_EXCEEDED). */
// noBias: fast-check's early runs favour the first constant and `false`, which would leave
// most edges to the late runs of a short run (10 cases under StrykerJS).
export const derivedLimitScenarios = (): fc.Arbitrary<Scenario> =>
  fc.noBias(fc.tuple(fc.constantFrom(...DERIVED_LIMITS), fc.boolean(), fc.boolean(), fc.boolean())).map(([limit, past, astral, prebuilt]) => derivedLimitScenario(limit, past, astral, prebuilt));
