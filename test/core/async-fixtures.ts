// Fixtures of the async tests: a compaction that is due, run with a given summarizer reply,
// and the thenables the contract talks about (chains, cycles, locked native promises).
import { afterEach, beforeEach, expect } from "vitest";
import { ContextCompactionError } from "../../src/core/index";
import { compact, compactionOptions, deepSnapshot, drainMacrotasks, recordingSummarizer, seedSummary, summaryUnits, toolContext } from "./fixtures";

export type Outcome = { outcome: string; error?: unknown; calls: number };

/**
 * Runs the seed compaction with `reply` as the summarizer and returns "compacted" or the
 * rejection code; also checks that the input context is unchanged whatever happened.
 */
export async function outcomeOf(
  reply: (request: unknown, signal: unknown) => unknown,
  overrides: Record<string, unknown> = {},
): Promise<Outcome> {
  const context = toolContext();
  const { summarizer, calls } = recordingSummarizer(reply);
  const options = compactionOptions(context, summarizer, summaryUnits(seedSummary()), overrides);
  const before = deepSnapshot(context);
  try {
    const result = await compact(context, options);
    return { outcome: result.status, calls: calls.length };
  } catch (error) {
    expect(error).toBeInstanceOf(ContextCompactionError);
    return { outcome: (error as { code: string }).code, error, calls: calls.length };
  } finally {
    expect(deepSnapshot(context)).toEqual(before);
  }
}

/** A generic thenable that counts calls of its `then` and delivers `value` synchronously. */
export function countingThenable(value: () => unknown) {
  const counter = { calls: 0 };
  const thenable = {
    then(resolve: (v: unknown) => void) {
      counter.calls++;
      resolve(value());
    },
  };
  return { thenable, counter };
}

/** `levels` generic thenables, each delivering the next; the innermost delivers `value`. */
export function thenableChain(levels: number, value: unknown, deliver: "sync" | "macrotask" = "sync"): unknown {
  let current = value;
  for (let i = 0; i < levels; i++) {
    const next = current;
    current = {
      then(resolve: (v: unknown) => void) {
        if (deliver === "sync") resolve(next);
        else setImmediate(() => resolve(next));
      },
    };
  }
  return current;
}

/** A real ContextCompactionError, obtained the only way a caller can: from a failing call. */
export async function realCoreError(): Promise<unknown> {
  return compact(null, null).catch((error: unknown) => error);
}

/** A thenable whose `then` never calls back. */
export const neverSettlingThenable = () => ({ then() {} });

/**
 * Records every unhandledRejection during each test of the calling file (a listener added in
 * beforeEach, removed in afterEach). The returned function lets a few macrotasks run (Node
 * reports unhandled rejections at the end of the microtask queue) and counts the events.
 */
export function watchUnhandledRejections(): (() => Promise<number>) & { readonly listener: (reason: unknown) => void } {
  let events: unknown[] = [];
  const listener = (reason: unknown) => void events.push(reason);
  beforeEach(() => {
    events = [];
    process.on("unhandledRejection", listener);
  });
  afterEach(() => {
    process.off("unhandledRejection", listener);
  });
  const settleAndCount = async () => {
    await drainMacrotasks(5);
    return events.length;
  };
  return Object.assign(settleAndCount, { listener });
}
