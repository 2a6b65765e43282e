import type { Mutant } from "./catalogue";

// Mistakes in awaiting the summarizer (§7 steps 4-6, 8): cancellation, adoption, rejections.


export const asyncMutants: readonly Mutant[] = [
  {
    id: "proxy-promise-then-called",
    area: "async",
    description:
      "Calls the then a Proxy's get trap gives: a Proxy around a native promise fails with CONTEXT_SUMMARIZER_FAILED (the intrinsic then refuses a Proxy receiver), not CONTEXT_ASYNC_VALUE_UNOBSERVABLE.",
    file: "observe-async.ts",
    find: "    if (isProxy(object)) {",
    replace: "    if (isProxy(object) && typeof reflectGet(object, \"then\") !== \"function\") {",
    killers: ["async.unobservable-promise-refused", "strength.then-returns-locked-promise"],
  },
  {
    id: "shadowed-then-plain-object",
    area: "async",
    description:
      "Tells a promise from a plain object by its then: a native promise whose then is undefined, not callable or lying is taken as a plain value (CONTEXT_SUMMARY_INVALID), or its lying then called.",
    file: "observe-async.ts",
    find: "    if (isNativePromise(object)) observeNative(object, observation);",
    replace: "    if (isNativePromise(object) && typeof reflectGet(object, \"then\") === \"function\") observeNative(object, observation);",
    killers: ["async.outcome-per-script"],
  },
  {
    id: "shadowed-then-rejection-leaked",
    area: "async",
    description:
      "Observes what a custom then returns only when it has a callable then: a native promise there whose then is shadowed gets no handlers, so its rejection leaks as an unhandledRejection.",
    file: "observe-async.ts",
    find: "    if (isObject(result)) {\n      const inner = observe(result, level + 1);",
    replace: "    if (isObject(result) && typeof reflectGet(result, \"then\") === \"function\") {\n      const inner = observe(result, level + 1);",
    killers: ["async.no-unhandled-rejection"],
  },
  {
    id: "abort-ignored-after-call",
    area: "async",
    description: "Looks at the signal only before calling the summarizer: an abort while the summary is pending or as it settles is ignored.",
    file: "compaction.ts",
    find: "  const watch = new SignalWatch(signal);",
    replace: "  const watch = new SignalWatch(undefined);",
    killers: ["differential.compact-same-as-reference"],
  },
  {
    id: "abort-seen-only-by-event",
    area: "async",
    description: "Learns of an abort only from the abort event: when a caller's listener stops the event, the summary that settles later is committed.",
    file: "signal.ts",
    find: "    if (this.signal === undefined) return \"pending\";\n    const aborted = readAborted(this.signal);",
    replace: "    if (this.signal === undefined || this.signal !== null) return \"pending\";\n    const aborted = readAborted(this.signal);",
    killers: ["strength.muted-abort-still-cancels"],
  },
  {
    id: "abort-not-raced-while-pending",
    area: "async",
    description: "Never listens for the abort event: a summary that never settles hangs the compaction instead of cancelling it.",
    file: "observe-async.ts",
    find: "  if (!watch.start(() => finish(cancelled(), undefined))) {",
    replace: "  if (!watch.start(() => {})) {",
    killers: ["differential.compact-same-as-reference"],
  },
  {
    id: "plain-await-of-summary",
    area: "async",
    description: "Plain await of the summarizer's value: thenables adopted without a depth limit, a rejection carrying a code passed through as the error.",
    file: "observe-async.ts",
    find: "export function awaitValue(value: unknown, watch: SignalWatch, settle: Settle): void {\n",
    replace:
      "export function awaitValue(value: unknown, watch: SignalWatch, settle: Settle): void {\n" +
      "  if (watch.state() === \"aborted\") return settle(new ContextCompactionError(\"CONTEXT_CANCELLED\", \"aborted\"), undefined);\n" +
      "  Promise.resolve(value).then(\n" +
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
    find: "    if (level > MAX_CONTEXT_ASYNC_DEPTH) {\n      handleLate(received);",
    replace: "    if (level >= MAX_CONTEXT_ASYNC_DEPTH) {\n      handleLate(received);",
    killers: ["differential.compact-same-as-reference"],
  },
  {
    id: "rejection-code-forwarded",
    area: "async",
    description: "Forwards a rejection that is already a ContextCompactionError (or looks like one) instead of CONTEXT_SUMMARIZER_FAILED: the caller forges the code.",
    file: "observe-async.ts",
    find: "      () => settleWith(REJECTED, \"the summary promise rejected\"),",
    replace:
      "      (reason?: any) => settleWith(REJECTED, reason !== null && typeof reason === \"object\" && typeof reason.code === \"string\" ? reason : \"the summary promise rejected\"),",
    also: [
      {
        file: "observe-async.ts",
        find: "    if (observation.state === REJECTED) return finish(failed(observation.value as string), undefined);",
        replace: "    if (observation.state === REJECTED) return finish(typeof observation.value === \"object\" ? (observation.value as ContextCompactionError) : failed(observation.value as string), undefined);",
      },
    ],
    killers: ["differential.compact-same-as-reference", "atomicity.error-code"],
  },
  {
    id: "late-rejection-leaked",
    area: "async",
    description: "When the signal is already aborted as the summarizer returns, rejects at once without handling the returned promise: its later rejection is unhandled.",
    file: "observe-async.ts",
    find: "  if (state !== \"pending\") {\n    handleLate(value);\n",
    replace: "  if (state !== \"pending\") {\n",
    killers: ["strength.rejections-always-handled"],
  },
  // §8: a promise whose constructor lookup runs caller code is observed or refused, never failed.
  {
    id: "promise-with-own-constructor-fails",
    area: "async",
    description: "Fails a native promise that carries its own constructor (as if it had rejected) instead of observing it, or refusing it as unobservable.",
    file: "native-promise.ts",
    find: "  try {\n    apply(promiseThen, promise, [onFulfilled, onRejected]);\n    return true;",
    replace: '  if (getOwnPropertyDescriptor(promise, "constructor") !== undefined) {\n    onRejected();\n    return true;\n  }\n  try {\n    apply(promiseThen, promise, [onFulfilled, onRejected]);\n    return true;',
    killers: ["async.unobservable-promise-refused", "async.outcome-per-script"],
  },
];
