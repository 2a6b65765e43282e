// Tam's layer over src/core's exports: one helper, `tidyOptions`, that every export taking options
// goes through before the core sees them (selectCompactionBoundary and compactContext). Tam wrote it
// to "tidy" what callers pass: budgets brought into their range, and the tidied copy remembered per
// options object (callers pass the same options object again and again). Each of the two is a
// planted mistake, switchable.
//
// The helper reads the caller's options through own property descriptors only (a getter is copied
// as a getter, never called), passes a Proxy or anything that is not a plain object on as it is
// (the core judges those), and with nothing to tidy passes the options on untouched.
import { types } from "node:util";
import * as core from "../../../src/core/index";
import type { Impl } from "../_kit/impl";

type Flags = ReadonlySet<string>;

/** The mistakes planted in this layer (index.ts switches every one on). */
export const PLANTED = ["budgets-clamped-into-range", "options-remembered-per-object"];

/** Each budget and its range, as Tam read §6 and §7. */
const RANGES: Readonly<Record<string, readonly [number, number]>> = {
  targetUnits: [1, core.MAX_CONTEXT_TOTAL_UNITS],
  summaryMaxUnits: [1, core.MAX_CONTEXT_TOTAL_UNITS],
  retainRecentMessages: [0, core.MAX_CONTEXT_MESSAGES],
  maxUnits: [1, core.MAX_CONTEXT_TOTAL_UNITS],
};

function isPlainObject(value: unknown): value is object {
  if (typeof value !== "object" || value === null || types.isProxy(value) || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export function layer(flags: Flags): Impl {
  const clamp = flags.has("budgets-clamped-into-range");
  const remember = flags.has("options-remembered-per-object");
  const tidied = new WeakMap<object, object>();

  function tidyOptions(options: unknown): unknown {
    if (!clamp && !remember) return options;
    if (!isPlainObject(options)) return options;
    // [planted options-remembered-per-object] the options object seen before gets the copy made then
    if (remember) {
      const known = tidied.get(options);
      if (known !== undefined) return known;
    }
    const copy = Object.create(Object.getPrototypeOf(options)) as object;
    for (const key of Reflect.ownKeys(options)) {
      const descriptor = Reflect.getOwnPropertyDescriptor(options, key) as PropertyDescriptor;
      if ("value" in descriptor && typeof key === "string") {
        const range = RANGES[key];
        // [planted budgets-clamped-into-range] a number out of its range is brought into it, not refused
        if (clamp && range !== undefined && typeof descriptor.value === "number") {
          descriptor.value = Math.min(range[1], Math.max(range[0], descriptor.value));
        }
      }
      Reflect.defineProperty(copy, key, descriptor);
    }
    if (remember) tidied.set(options, copy);
    return copy;
  }

  return {
    buildActiveContext: (input) => core.buildActiveContext(input as never),
    groupToolRounds: (transcript) => core.groupToolRounds(transcript as never),
    estimateContextUnits: (input) => core.estimateContextUnits(input as never),
    selectCompactionBoundary: (input, options) => core.selectCompactionBoundary(input as never, tidyOptions(options) as never),
    compactContext: (input, options) => core.compactContext(input as never, tidyOptions(options) as never),
  };
}
