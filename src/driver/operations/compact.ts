// compact: compactContext(context, options) with the scripted summarizer, the signal slot and
// the abort point; awaited with the per-call timeout. "afterSettlement" aborts once the
// operation settled, waits a macrotask, and observes the result and the input again. With
// `rebuildResult`, result.context is passed to buildActiveContext (it must come back as itself).
import type { Json } from "../../scenario/data";
import type { Operation } from "../../scenario/scenario";
import { deepEqualData } from "../deep-equal-data";
import { StringCtor, box, isArray, isNativePromise, objectFreeze, sealed, type Box } from "../intrinsics";
import { buildCompactOptions } from "../options";
import { defineData, isObjectLike, ownDataValue } from "../read";
import { macrotask, settleWithin } from "../settle";
import { toData } from "../to-data";
import { contextArgument, rawRunOf, type Attempt, type OperationEnv, type RawRun } from "./env";

function lastItem(list: unknown): unknown {
  if (!isObjectLike(list) || !isArray(list)) return undefined;
  const length = ownDataValue(list, "length");
  return typeof length === "number" && length > 0 ? ownDataValue(list, StringCtor(length - 1)) : undefined;
}

/** resultContextIsInput (any status) and, for "compacted", recordIsLastCompaction. */
function resultIdentity(result: unknown, input: unknown, identity: Record<string, boolean>): void {
  if (!isObjectLike(result)) return;
  const context = ownDataValue(result, "context");
  defineData(identity, "resultContextIsInput", context === input);
  if (ownDataValue(result, "status") === "compacted") {
    const record = ownDataValue(result, "record");
    defineData(identity, "recordIsLastCompaction", isObjectLike(record) && record === lastItem(ownDataValue(context, "compactions")));
  }
}

/**
 * With `rebuildResult`: result.context passed back to buildActiveContext, which must return
 * that very object (contract §3: a context this module built, compactContext's included).
 */
function rebuildIdentity(env: OperationEnv, result: unknown, identity: Record<string, boolean>): void {
  const context = isObjectLike(result) ? env.counters.quiet(() => ownDataValue(result, "context")) : undefined;
  if (!isObjectLike(context)) return;
  const again = env.call(env.exportFn("buildActiveContext"), [context]);
  defineData(identity, "rebuildResultIsSame", again.kind === "returned" && again.value === context);
}

function attemptData(attempt: Attempt): Json {
  return toData(attempt.kind === "returned" ? attempt.value : attempt.error);
}

/** The run of one compact call, boxed, through a sealed promise (../intrinsics: box, sealed). */
export function runCompact(op: Extract<Operation, { kind: "compact" }>, env: OperationEnv): Promise<Box<RawRun>> {
  return sealed(compactNow(op, env));
}

async function compactNow(op: Extract<Operation, { kind: "compact" }>, env: OperationEnv): Promise<Box<RawRun>> {
  const compact = env.exportFn("compactContext");
  const argument = contextArgument(env, op.context, op.prebuilt);
  if (!argument.ok) return box(argument.run);
  const context = argument.context;
  const prepared = buildCompactOptions(op, env.counters, (value) => env.live(value, null), (name) => {
    try {
      return env.exportFn(name);
    } catch {
      return undefined;
    }
  });
  const options = env.decorate(prepared.options, "options");
  const calls = () => (prepared.summarizer === null ? [] : prepared.summarizer.callsNow());
  const tracker = env.track(context, op.prebuilt);
  const plan = prepared.plan;
  const identity: Record<string, boolean> = {};

  if (plan.point === "beforeCall") plan.abort();
  const attempt = env.call(compact, [context, options]);
  defineData(identity, "threwSynchronously", attempt.kind === "threw");
  if (attempt.kind === "threw") {
    return box(rawRunOf(env, attempt, tracker, identity, calls()));
  }
  defineData(identity, "returnedNativePromise", isNativePromise(attempt.value));
  const settled = (await settleWithin(attempt.value, env.timeoutMs)).value;
  if (settled.kind === "timeout") {
    const outcome = objectFreeze({ kind: "timeout" as const, afterMs: env.timeoutMs });
    return box({ outcome, identity, input: tracker.finish(), setupError: null, summarizerCalls: calls() });
  }
  const final: Attempt = settled.kind === "fulfilled" ? { kind: "returned", value: settled.value } : { kind: "threw", error: settled.reason };

  if (plan.point === "afterSettlement") {
    const atSettlement = env.counters.quiet(() => attemptData(final));
    plan.abort();
    await macrotask();
    defineData(identity, "lateAbortChangedNothing", env.counters.quiet(() => deepEqualData(atSettlement, attemptData(final))));
  }
  if (final.kind === "returned") env.counters.quiet(() => resultIdentity(final.value, context, identity));
  if (final.kind === "returned" && op.rebuildResult === true) rebuildIdentity(env, final.value, identity);
  return box(rawRunOf(env, final, tracker, identity, calls()));
}
