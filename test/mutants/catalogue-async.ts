import type { Mutant } from "./catalogue";

// Mistakes in awaiting the summarizer (§7 steps 4-6, 8): cancellation, adoption, rejections.

/** The signal check of compaction.ts after the summary settled (steps 6 and 8). */
const SETTLED_CHECK = "  if (options.signal !== undefined && signalAborted(options.signal)) fail(CANCELLED, \"the signal aborted as the summary settled\");\n";

export const asyncMutants: readonly Mutant[] = [
  {
    id: "abort-ignored-after-call",
    area: "async",
    description: "Looks at the signal only before calling the summarizer: an abort while the summary is pending or as it settles is ignored.",
    file: "compaction.ts",
    find: "  awaitValue(value, signal, (error, text) => {",
    replace: "  awaitValue(value, undefined, (error, text) => {",
    also: [{ file: "compaction.ts", find: SETTLED_CHECK, replace: "" }],
    killers: ["differential.compact-same-as-reference"],
  },
  {
    id: "abort-seen-only-by-event",
    area: "async",
    description: "Learns of an abort only from the abort event: when a caller's listener stops the event, the summary that settles later is committed.",
    file: "compaction.ts",
    find: SETTLED_CHECK,
    replace: "",
    killers: ["strength.muted-abort-still-cancels"],
  },
  {
    id: "abort-not-raced-while-pending",
    area: "async",
    description: "Never listens for the abort event: a summary that never settles hangs the compaction instead of cancelling it.",
    file: "observe-async.ts",
    find: "    addEventListener(signal, \"abort\", onAbort);\n",
    replace: "",
    killers: ["differential.compact-same-as-reference"],
  },
  {
    id: "plain-await-of-summary",
    area: "async",
    description: "Plain await of the summarizer's value: thenables adopted without a depth limit, a rejection carrying a code passed through as the error.",
    file: "observe-async.ts",
    find: "export function awaitValue(value: unknown, signal: AbortSignal | undefined, settle: Settle): void {\n",
    replace:
      "export function awaitValue(value: unknown, signal: AbortSignal | undefined, settle: Settle): void {\n" +
      "  if (signal !== undefined && signalAborted(signal)) return settle(new ContextCompactionError(\"CONTEXT_CANCELLED\", \"aborted\"), undefined);\n" +
      "  IntrinsicPromise.resolve(value).then(\n" +
      "    (text) => settle(null, text),\n" +
      "    (error: any) => settle(error !== null && typeof error === \"object\" && typeof error.code === \"string\" ? error : failed(\"the summary promise rejected\"), undefined),\n" +
      "  );\n" +
      "  return;\n",
    killers: ["differential.compact-same-as-reference", "atomicity.error-is-context-compaction-error"],
  },
  {
    id: "async-depth-off-by-one",
    area: "async",
    description: "Async depth limit off by one: a chain of exactly 64 thenables is refused.",
    file: "observe-async.ts",
    find: "    if (depth <= MAX_CONTEXT_ASYNC_DEPTH) return true;",
    replace: "    if (depth < MAX_CONTEXT_ASYNC_DEPTH) return true;",
    killers: ["differential.compact-same-as-reference"],
  },
  {
    id: "rejection-code-forwarded",
    area: "async",
    description: "Forwards a rejection that is already a ContextCompactionError (or looks like one) instead of CONTEXT_SUMMARIZER_FAILED: the caller forges the code.",
    file: "observe-async.ts",
    find: "    apply(promiseThen, promise, [receive, () => finish(failed(\"the summary promise rejected\"), undefined)]);",
    replace:
      "    apply(promiseThen, promise, [receive, (reason: any) => finish(reason !== null && typeof reason === \"object\" && typeof reason.code === \"string\" ? reason : failed(\"the summary promise rejected\"), undefined)]);",
    killers: ["differential.compact-same-as-reference", "atomicity.error-code"],
  },
  {
    id: "late-rejection-leaked",
    area: "async",
    description: "When the signal is already aborted as the summarizer returns, rejects at once without handling the returned promise: its later rejection is unhandled.",
    file: "observe-async.ts",
    find: "      handle(value);\n",
    replace: "",
    killers: ["strength.rejections-always-handled"],
  },
];
