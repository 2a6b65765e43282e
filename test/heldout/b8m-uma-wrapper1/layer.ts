// Uma's layer over the reference (form wrapper). She wanted three guarantees on top of src/core:
// an immutable snapshot of whatever the caller hands in (taken before anything else looks at it),
// record ids that never collide, and a compaction that "does not fail for a cancellation". Every
// export goes through the one `snapshot` helper; compactContext adds the record-id registry and
// the retry. Each planted mistake is a flag (PLANTED).
import * as core from "../../../src/core/index";

/** The mistakes planted in this layer (index.ts switches all three on). */
export const PLANTED = ["snapshot-by-structured-clone", "record-ids-unique-module-wide", "cancelled-compaction-retried"] as const;

type Result = { readonly status: string; readonly context: object; readonly record: { readonly id: string } | null };

const isObject = (value: unknown): value is object => (typeof value === "object" && value !== null) || typeof value === "function";

function refuse(code: core.ContextCompactionErrorCode, message: string): never {
  throw new core.ContextCompactionError(code, message);
}

export function layerWith(flags: ReadonlySet<string>) {
  /** The contexts this layer handed out: already immutable, they need no snapshot. */
  const ours = new WeakSet<object>();
  /** Every record id this module has written. */
  const recordIds = new Set<string>();

  const remember = <T>(value: T): T => {
    if (isObject(value)) ours.add(value);
    return value;
  };

  /** The caller's value, frozen in time before it is read. */
  function snapshot(value: unknown): unknown {
    // [planted snapshot-by-structured-clone] the snapshot is a structuredClone of the caller's value, taken before the
    // reference reads it: getters are called, prototypes and non-enumerable or symbol keys dropped, a Proxy or a function refused as uncopyable
    if (!flags.has("snapshot-by-structured-clone")) return value;
    if (isObject(value) && ours.has(value)) return value;
    try {
      return structuredClone(value);
    } catch {
      return refuse("CONTEXT_INVALID_INPUT", "the input cannot be copied: it is not plain data");
    }
  }

  function compactContext(input: unknown, options: unknown): Promise<unknown> {
    let context: unknown;
    try {
      context = snapshot(input);
    } catch (error) {
      return Promise.reject(error);
    }
    const run = (opts: unknown) => core.compactContext(context as never, opts as never) as Promise<unknown>;
    let pending = run(options);
    if (flags.has("cancelled-compaction-retried")) {
      // [planted cancelled-compaction-retried] a cancellation is taken for a hiccup: the compaction is run once more without the signal
      pending = pending.catch((error: unknown) => {
        if (error instanceof core.ContextCompactionError && error.code === "CONTEXT_CANCELLED") return run({ ...(options as object), signal: undefined });
        throw error;
      });
    }
    if (flags.has("snapshot-by-structured-clone") || flags.has("record-ids-unique-module-wide")) {
      pending = pending.then((value) => {
        const result = value as Result;
        // [planted record-ids-unique-module-wide] record ids are kept unique across every compaction this module made, not within the context
        if (flags.has("record-ids-unique-module-wide") && result.record !== null) {
          if (recordIds.has(result.record.id)) refuse("CONTEXT_INVALID_INPUT", `record id ${result.record.id} is already used`);
          recordIds.add(result.record.id);
        }
        remember(result.context);
        return result;
      });
    }
    return pending;
  }

  return {
    buildActiveContext: (input: unknown): unknown => remember(core.buildActiveContext(snapshot(input) as never)),
    estimateContextUnits: (input: unknown): number => core.estimateContextUnits(snapshot(input) as never),
    groupToolRounds: (transcript: unknown): unknown => core.groupToolRounds(snapshot(transcript) as never),
    selectCompactionBoundary: (input: unknown, options: unknown): number | null => core.selectCompactionBoundary(snapshot(input) as never, options as never),
    compactContext,
  };
}
