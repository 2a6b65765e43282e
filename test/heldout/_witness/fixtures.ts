// Small inputs and summarizers for witnesses. Every input is built fresh on each call (a
// witness runs on several implementations, and some look at what was done to their input).
import type { Impl } from "../_kit/impl";
import { settle, sync, view, type Outcome } from "./observe";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export const user = (id: string, content = "u") => ({ id, role: "user", content });
export const text = (id: string, body = "a") => ({ id, role: "assistant", content: [{ type: "text", text: body }] });
export const call = (id: string, calls: readonly (readonly [string, string, { [key: string]: Json }?])[]) => ({
  id,
  role: "assistant",
  content: calls.map(([callId, name, args]) => ({ type: "toolCall", id: callId, name, arguments: args ?? {} })),
});
export const result = (id: string, toolCallId: string, toolName: string, content = "ok") => ({
  id,
  role: "toolResult",
  toolCallId,
  toolName,
  content,
  isError: false,
});

/** The seed's failure-experiment transcript: old user, an assistant with two calls, both results, recent user. */
export function toolTranscript(): object[] {
  return [
    user("old-user", "Please read two files."),
    call("tool-round", [
      ["call-a", "read", { path: "a.txt" }],
      ["call-b", "read", { path: "b.txt" }],
    ]),
    result("result-a", "call-a", "read", "alpha"),
    result("result-b", "call-b", "read", "beta"),
    user("recent-user", "Now summarize."),
  ];
}

/** `n` user messages m0..m{n-1}, each of 4 + 2 + 8 = 14 units ("m0" .. "m9", content "xxxxxxxx"). */
export function users(n: number): object[] {
  return Array.from({ length: n }, (_, i) => user(`m${i}`, "xxxxxxxx"));
}

/** A value nested `depth` levels below the arguments object: {a: [[…[1]…]]}, 1 being at depth `depth`. */
export function nestedArguments(depth: number): { [key: string]: Json } {
  let value: Json = 1;
  for (let d = depth; d > 1; d--) value = [value];
  return { a: value };
}

export type Summarizer = (request: unknown, signal: unknown) => unknown;

/** Options of compactContext for `n` users of 14 units: compacts the first half or so. */
export function options(summarizer: Summarizer, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    maxUnits: 40,
    targetUnits: 40,
    summaryMaxUnits: 20,
    retainRecentMessages: 1,
    summaryId: "s",
    recordId: "r",
    summarizer,
    ...extra,
  };
}

/** A signal aborted already. */
export function abortedSignal(): AbortSignal {
  const controller = new AbortController();
  controller.abort();
  return controller.signal;
}

/** A summarizer that counts its calls. */
export function counting(reply: Summarizer = () => "sum"): Summarizer & { calls: number } {
  const summarizer = Object.assign(
    (request: unknown, signal: unknown) => {
      summarizer.calls++;
      return reply(request, signal);
    },
    { calls: 0 },
  );
  return summarizer;
}

/** A compacted result as the witnesses compare it: status, summary, kept ids, record. */
export function resultView(value: unknown): Outcome {
  const result = value as { status: string; context: { summary: unknown; messages: { id: string }[]; compactions: unknown[] }; record: unknown };
  if (typeof result !== "object" || result === null) return view(result);
  return {
    status: result.status,
    summary: view(result.context?.summary),
    kept: view(result.context?.messages?.map((m) => m.id)),
    records: view(result.context?.compactions?.length),
    record: view(result.record),
  };
}

/** compactContext's outcome; a synchronous throw is reported as such. */
export async function compact(m: Impl, input: unknown, opts: unknown, show: (value: unknown) => Outcome = resultView): Promise<Outcome> {
  let promise: unknown;
  try {
    promise = m.compactContext(input, opts);
  } catch (error) {
    return { thrownSynchronously: sync(() => { throw error; }) };
  }
  return settle(promise, show);
}

/** compactContext's outcome together with how many times the summarizer was called. */
export async function compactCounting(m: Impl, input: unknown, extra: Record<string, unknown>, reply?: Summarizer): Promise<Outcome> {
  const summarizer = counting(reply);
  const outcome = await compact(m, input, options(summarizer, extra));
  return { outcome, calls: summarizer.calls };
}

/** The plain input of `n` users (14 units each). */
export const usersInput = (n: number) => ({ messages: users(n) });
