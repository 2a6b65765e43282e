// Lea's layer over the reference compactContext: she tidies the options before handing them on
// (a signal that is already aborted is dropped; the summarizer is wrapped so that an oversized
// summary is refused at once) and she appends the record to the context she returns. Each
// planted mistake is a flag; with every flag off the layer hands everything on untouched.
import * as core from "../../../src/core/index";
import { types } from "node:util";
import type { Impl } from "../_kit/impl";

export const PLANTED = ["summary-budget-checked-in-summarizer", "record-appended-twice", "aborted-signal-dropped"] as const;

type Flags = ReadonlySet<string>;
type Bag = Record<string | symbol, unknown>;

const abortedGetter = Object.getOwnPropertyDescriptor(AbortSignal.prototype, "aborted")!.get!;

/** Whether v is a genuine signal that is aborted (read through the intrinsic getter; false for anything else). */
function isAbortedSignal(v: unknown): boolean {
  try {
    return Reflect.apply(abortedGetter, v, []) === true;
  } catch {
    return false;
  }
}

const codePoints = (s: string): number => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};

/** A plain options object (not a Proxy, not an array) she can copy field by field, descriptors and all. */
function copyable(options: unknown): options is Bag {
  if (typeof options !== "object" || options === null || types.isProxy(options) || Array.isArray(options)) return false;
  const proto = Object.getPrototypeOf(options);
  return proto === Object.prototype || proto === null;
}

function dataField(options: Bag, key: string): { has: boolean; value?: unknown } {
  const d = Object.getOwnPropertyDescriptor(options, key);
  return d !== undefined && "value" in d ? { has: true, value: d.value } : { has: false };
}

/** The options she hands on: a copy (same prototype, same descriptors) with her changes. */
function tidy(options: unknown, flags: Flags): unknown {
  if (!copyable(options)) return options;
  const changes: PropertyDescriptorMap = {};
  let drop = false;
  // [planted aborted-signal-dropped] a signal aborted already is taken as left over from an earlier operation and dropped
  if (flags.has("aborted-signal-dropped")) {
    const signal = dataField(options, "signal");
    if (signal.has && isAbortedSignal(signal.value)) drop = true;
  }
  // [planted summary-budget-checked-in-summarizer] the summary's budget is checked inside the summarizer she hands on
  if (flags.has("summary-budget-checked-in-summarizer")) {
    const summarizer = dataField(options, "summarizer");
    const summaryId = dataField(options, "summaryId");
    if (summarizer.has && typeof summarizer.value === "function" && summaryId.has && typeof summaryId.value === "string") {
      const original = summarizer.value as (request: unknown, signal: unknown) => unknown;
      const idUnits = codePoints(summaryId.value);
      const checked = function (this: unknown, request: { maxSummaryUnits: number }, signal: unknown): unknown {
        const text = Reflect.apply(original, this, [request, signal]);
        if (typeof text === "string" && 5 + idUnits + codePoints(text) > request.maxSummaryUnits) {
          throw new core.ContextCompactionError("CONTEXT_SUMMARY_INSUFFICIENT", "the summary exceeds summaryMaxUnits");
        }
        return text;
      };
      const d = Object.getOwnPropertyDescriptor(options, "summarizer")!;
      changes.summarizer = { ...d, value: checked };
    }
  }
  if (!drop && Object.keys(changes).length === 0) return options;
  const fields: PropertyDescriptorMap = Object.getOwnPropertyDescriptors(options);
  if (drop) delete fields.signal;
  Object.assign(fields, changes);
  return Object.create(Object.getPrototypeOf(options), fields);
}

type Result = { status: string; context: { compactions: readonly unknown[] } & Record<string, unknown>; record: unknown };

export function layerWith(flags: Flags): (base: Impl) => Impl {
  return (base) => ({
    ...base,
    compactContext: (input, options) => {
      const pending = base.compactContext(input, tidy(options, flags));
      // [planted record-appended-twice] the record is appended to the returned context, which already holds it
      if (!flags.has("record-appended-twice")) return pending;
      return pending.then((value) => {
        const result = value as Result;
        if (result.status !== "compacted") return result;
        const context = Object.freeze({ ...result.context, compactions: Object.freeze([...result.context.compactions, result.record]) });
        return Object.freeze({ status: result.status, context, record: result.record });
      });
    },
  });
}
