// Shared fixtures of the core example tests: the seed's transcript, its compaction options,
// and helpers that turn "throws / rejects with code X" and "unchanged, still frozen" into
// one-line assertions. Everything here builds fresh plain objects on every call, so no
// test can leak state into another through a shared fixture.
import { expect } from "vitest";
import {
  ContextCompactionError,
  buildActiveContext,
  compactContext,
  estimateContextUnits,
} from "../../src/core/index";

export type Context = ReturnType<typeof buildActiveContext>;
export type CompactionResult = Awaited<ReturnType<typeof compactContext>>;
export type PlainMessage = Record<string, unknown>;

/** Hostile or deliberately ill-typed values go through these, so tsc checks the rest. */
export const build = (input: unknown): Context => buildActiveContext(input as never);
export const units = (input: unknown): number => estimateContextUnits(input as never);
export const compact = (input: unknown, options: unknown): Promise<CompactionResult> =>
  compactContext(input as never, options as never);

export const user = (id: string, content: string): PlainMessage => ({ id, role: "user", content });
export const text = (value: string) => ({ type: "text", text: value });
export const call = (id: string, name: string, args: Record<string, unknown> = {}) => ({
  type: "toolCall",
  id,
  name,
  arguments: args,
});
export const assistant = (id: string, content: unknown[]): PlainMessage => ({ id, role: "assistant", content });
export const result = (id: string, toolCallId: string, toolName: string, content = "", isError = false): PlainMessage => ({
  id,
  role: "toolResult",
  toolCallId,
  toolName,
  content,
  isError,
});

/** The seed's transcript: 0 old user, 1 assistant (text + two calls), 2..3 results, 4 recent user. */
export function toolTranscript(): PlainMessage[] {
  return [
    user("old-user", "Please read both configuration files."),
    assistant("tool-round", [
      text("I will read both files."),
      call("call-a", "read_file", { path: "a.json" }),
      call("call-b", "read_file", { path: "b.json" }),
    ]),
    result("result-a", "call-a", "read_file", '{"mode":"strict"}'),
    result("result-b", "call-b", "read_file", '{"mode":"lenient"}'),
    user("recent-user", "Which mode wins?"),
  ];
}

export const seedRequirements = () => [{ id: "system", content: "Never invent file contents." }];
export const seedSummary = () => ({ id: "summary-001", content: "summary" });

/** The seed's context: its requirement plus toolTranscript(). */
export function toolContext(): Context {
  return build({ requirements: seedRequirements(), messages: toolTranscript() });
}

/** Units of a context holding only `summary`: what the seed reserves for it. */
export function summaryUnits(summary: { id: string; content: string }): number {
  return units({ summary });
}

/**
 * The seed's `compactionOptions(context, summarizer, summaryMaxUnits)`: keep the last message,
 * make the target exactly "requirements + reserved summary + last message", and set maxUnits
 * one below the current size so that compaction is due.
 */
export function compactionOptions(
  context: Context,
  summarizer: unknown,
  summaryMaxUnits: number,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const last = context.messages.slice(-1);
  const targetUnits = units({ requirements: context.requirements, messages: last }) + summaryMaxUnits;
  return {
    targetUnits,
    summaryMaxUnits,
    retainRecentMessages: 1,
    maxUnits: units(context) - 1,
    summaryId: "summary-001",
    recordId: "compaction-001",
    summarizer,
    ...overrides,
  };
}

/** A summarizer that counts its calls and records its arguments. */
export function recordingSummarizer(reply: (request: unknown, signal: unknown) => unknown = () => "summary") {
  const calls: { request: unknown; signal: unknown; argCount: number }[] = [];
  const summarizer = function (this: unknown, ...args: unknown[]) {
    calls.push({ request: args[0], signal: args[1], argCount: args.length });
    return reply(args[0], args[1]);
  };
  return { summarizer, calls };
}

export const ERROR_CODES = [
  "CONTEXT_INVALID_INPUT",
  "CONTEXT_INVALID_TRANSCRIPT",
  "CONTEXT_LIMIT_EXCEEDED",
  "CONTEXT_INVALID_BUDGET",
  "CONTEXT_BOUNDARY_UNAVAILABLE",
  "CONTEXT_SUMMARY_INVALID",
  "CONTEXT_SUMMARY_INSUFFICIENT",
  "CONTEXT_SUMMARIZER_FAILED",
  "CONTEXT_ASYNC_VALUE_UNOBSERVABLE",
  "CONTEXT_CANCELLED",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

function codeOfError(error: unknown): string {
  expect(error).toBeInstanceOf(ContextCompactionError);
  return (error as { code: string }).code;
}

/** Runs `fn`, expects a ContextCompactionError, returns its code. */
export function thrownCode(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    return codeOfError(error);
  }
  throw new Error("expected a ContextCompactionError, but the call returned normally");
}

export async function rejectionCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return codeOfError(error);
  }
  throw new Error("expected a rejection with a ContextCompactionError, but the promise resolved");
}

/**
 * A deep description of a value: own keys, descriptors' kinds, primitives and frozenness.
 * Taken before and after an operation, two equal descriptions mean "unchanged, still frozen".
 */
export function deepSnapshot(value: unknown, seen = new Map<object, number>()): unknown {
  if (typeof value === "function") return { function: value.name };
  if (typeof value !== "object" || value === null) {
    return Object.is(value, -0) ? { negativeZero: true } : { primitive: value };
  }
  const known = seen.get(value);
  if (known !== undefined) return { cycleTo: known };
  seen.set(value, seen.size);
  const entries: [string, unknown][] = [];
  for (const key of Reflect.ownKeys(value)) {
    const descriptor = Reflect.getOwnPropertyDescriptor(value, key)!;
    const shown = "value" in descriptor ? deepSnapshot(descriptor.value, seen) : { accessor: true };
    entries.push([String(key), { enumerable: descriptor.enumerable, writable: descriptor.writable, shown }]);
  }
  return { array: Array.isArray(value), frozen: Object.isFrozen(value), proto: Object.getPrototypeOf(value), entries };
}

/** True when every object and array reachable through own data properties is frozen. */
export function isDeepFrozen(value: unknown, seen = new Set<object>()): boolean {
  if (typeof value !== "object" || value === null || seen.has(value)) return true;
  seen.add(value);
  if (!Object.isFrozen(value)) return false;
  for (const key of Reflect.ownKeys(value)) {
    const descriptor = Reflect.getOwnPropertyDescriptor(value, key)!;
    if ("value" in descriptor && !isDeepFrozen(descriptor.value, seen)) return false;
  }
  return true;
}

/** An object whose `key` is an accessor that counts calls to its getter and setter. */
export function withAccessor<T extends object>(target: T, key: string, kind: "getter" | "setter-only" = "getter") {
  const counter = { calls: 0 };
  Object.defineProperty(target, key, {
    enumerable: true,
    configurable: true,
    ...(kind === "getter"
      ? { get: () => (counter.calls++, "value") }
      : { set: () => void counter.calls++ }),
  });
  return counter;
}

/** A Proxy whose every trap counts and throws: touching it at all is observable. */
export function tripwire() {
  const counter = { calls: 0 };
  const fail = () => {
    counter.calls++;
    throw new Error("tripwire touched");
  };
  const handler: ProxyHandler<object> = {
    get: fail,
    getOwnPropertyDescriptor: fail,
    getPrototypeOf: fail,
    ownKeys: fail,
    has: fail,
    isExtensible: fail,
    defineProperty: fail,
    set: fail,
  };
  return { value: new Proxy({}, handler), counter };
}

/** Lets queued microtasks and a few macrotasks run, without depending on time. */
export async function drainMacrotasks(turns = 5): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** The context units formula for a user message, the only one the limit tests need. */
export const userUnits = (id: string, content: string): number => 4 + [...id].length + [...content].length;
