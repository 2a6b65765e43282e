// Quy's layer over src/core's exports: three conveniences he added around the reference, each
// written once as a helper and used by every export it concerns. Each one is a planted mistake,
// switchable:
// - `acceptTextSummary` lets a caller give the summary as plain text (made into a record);
// - `idempotent` remembers each compaction by its recordId, so that a retried call with the
//   same recordId gets the result it already got;
// - `roomForSummary` takes the new summary's budget out of targetUnits before the core looks
//   for the cut ("the target must also hold the summary").
// The helpers look at the caller's objects through own data descriptors only (no getter, no
// Proxy trap is run), and leave anything else to the core as it is.
import { types } from "node:util";
import * as core from "../../../src/core/index";
import type { Impl } from "../_kit/impl";

type Flags = ReadonlySet<string>;

/** The mistakes planted in this layer (index.ts switches every one on). */
export const PLANTED = ["summary-text-accepted", "result-cached-by-recordid", "summary-reserved-twice"];

/** A plain non-Proxy, non-array object's own data property, or undefined. */
function ownData(value: unknown, key: string): { value: unknown } | undefined {
  if (typeof value !== "object" || value === null || types.isProxy(value) || Array.isArray(value)) return undefined;
  const descriptor = Object.getOwnPropertyDescriptor(value, key);
  if (descriptor === undefined || !("value" in descriptor)) return undefined;
  return { value: descriptor.value };
}

/** A copy of `object` (same prototype, same own descriptors) with `key` set to `value`. */
function withField(object: object, key: string, value: unknown): object {
  const descriptors = Object.getOwnPropertyDescriptors(object);
  descriptors[key] = { value, writable: true, enumerable: true, configurable: true };
  return Object.create(Object.getPrototypeOf(object), descriptors);
}

export function layer(flags: Flags): Impl {
  // [planted summary-text-accepted] a summary given as text is made into a summary record
  const acceptTextSummary = (input: unknown): unknown => {
    if (!flags.has("summary-text-accepted")) return input;
    const summary = ownData(input, "summary");
    if (summary === undefined || typeof summary.value !== "string") return input;
    return withField(input as object, "summary", { id: "summary", content: summary.value });
  };
  // [planted summary-reserved-twice] the summary's budget is taken out of the target before the cut is looked for
  const roomForSummary = (options: unknown): unknown => {
    if (!flags.has("summary-reserved-twice")) return options;
    const target = ownData(options, "targetUnits");
    const summaryMax = ownData(options, "summaryMaxUnits");
    if (target === undefined || summaryMax === undefined) return options;
    if (!Number.isSafeInteger(target.value) || !Number.isSafeInteger(summaryMax.value)) return options;
    return withField(options as object, "targetUnits", (target.value as number) - (summaryMax.value as number));
  };
  // [planted result-cached-by-recordid] a compaction is remembered by its recordId and given again to a call with the same recordId
  const done = new Map<string, unknown>();
  const idempotent = (compact: Impl["compactContext"]): Impl["compactContext"] => {
    if (!flags.has("result-cached-by-recordid")) return compact;
    return (input, options) => {
      const recordId = ownData(options, "recordId");
      const key = recordId !== undefined && typeof recordId.value === "string" ? recordId.value : undefined;
      if (key !== undefined && done.has(key)) return Promise.resolve(done.get(key));
      const promise = compact(input, options);
      if (key === undefined) return promise;
      return promise.then((result) => {
        if ((result as { status?: unknown }).status === "compacted") done.set(key, result);
        return result;
      });
    };
  };
  return {
    buildActiveContext: (input) => core.buildActiveContext(acceptTextSummary(input) as never),
    groupToolRounds: (transcript) => core.groupToolRounds(transcript as never),
    estimateContextUnits: (input) => core.estimateContextUnits(acceptTextSummary(input) as never),
    selectCompactionBoundary: (input, options) => core.selectCompactionBoundary(acceptTextSummary(input) as never, roomForSummary(options) as never),
    compactContext: idempotent((input, options) => core.compactContext(acceptTextSummary(input) as never, roomForSummary(options) as never)),
  };
}
