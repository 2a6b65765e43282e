// Quy's own reader of the caller's input (§3): before anything is checked, the input is copied
// into a snapshot of fresh objects and arrays, so that nothing the caller does afterwards can
// change what is read. The snapshot is taken through own property descriptors only (a getter
// is copied as a getter, never called; a Proxy is kept as it is, never looked into), and the
// checking of the snapshot is left to src/core (its buildActiveContext and the exports that
// build a context). A context this module built is taken as it is. Quy wrote two helpers for
// it, each with a planted mistake (a flag):
// - `itemsOf` lists an array's items;
// - `isPlain` tells a record (a plain object) from anything else, which is left uncopied for the
//   core to refuse.
import { types } from "node:util";
import * as core from "../../../src/core/index";
import { builtInfo, builtTranscript } from "../../../src/core/registry";
import type { Impl } from "../_kit/impl";

type Flags = ReadonlySet<string>;

/** The mistakes planted in this reader (index.ts switches both on). */
export const PLANTED = ["holes-skipped", "plain-by-constructor"];

/** Deeper than this the core refuses anyway (32): the rest is left as it is. */
const DEEPEST = 40;
/** Longer than this the core refuses anyway (16,384 collection items): left as it is. */
const LONGEST = 16385;

const isIndex = (key: string): boolean => /^(0|[1-9]\d*)$/.test(key) && Number(key) < 2 ** 32 - 1;

export class Snapshot {
  readonly #copies = new Map<object, object>();
  constructor(readonly flags: Flags) {}

  /** A record: a plain object (prototype Object.prototype or null). */
  isPlain(value: object): boolean {
    const proto = Object.getPrototypeOf(value);
    if (proto === null) return true;
    // [planted plain-by-constructor] a record is recognised by its constructor being Object, read through its prototype chain
    if (this.flags.has("plain-by-constructor")) return (value as { constructor?: unknown }).constructor === Object;
    return proto === Object.prototype;
  }

  /** The array's items as [index in the copy, descriptor]. */
  itemsOf(array: readonly unknown[]): [number, PropertyDescriptor][] {
    const out: [number, PropertyDescriptor][] = [];
    // [planted holes-skipped] the items are the array's own indices, so a hole is never met and the items after it move up
    if (this.flags.has("holes-skipped")) {
      for (const key of Object.getOwnPropertyNames(array)) {
        if (isIndex(key)) out.push([out.length, Object.getOwnPropertyDescriptor(array, key) as PropertyDescriptor]);
      }
      return out;
    }
    for (let i = 0; i < array.length; i++) {
      const descriptor = Object.getOwnPropertyDescriptor(array, i);
      if (descriptor !== undefined) out.push([i, descriptor]);
    }
    return out;
  }

  copy(value: unknown, depth = 0): unknown {
    if (typeof value !== "object" || value === null) return value;
    if (types.isProxy(value)) return value;
    if (depth > DEEPEST) return value;
    const known = this.#copies.get(value);
    if (known !== undefined) return known;
    if (Array.isArray(value)) {
      if (value.length > LONGEST) return value;
      const items = this.itemsOf(value);
      const array: unknown[] = [];
      this.#copies.set(value, array);
      array.length = this.flags.has("holes-skipped") ? items.length : value.length;
      for (const [index, descriptor] of items) Object.defineProperty(array, index, this.descriptor(descriptor, depth));
      return array;
    }
    if (!this.isPlain(value)) return value;
    const record: object = {};
    this.#copies.set(value, record);
    for (const key of Reflect.ownKeys(value)) {
      Object.defineProperty(record, key, this.descriptor(Object.getOwnPropertyDescriptor(value, key) as PropertyDescriptor, depth));
    }
    return record;
  }

  descriptor(d: PropertyDescriptor, depth: number): PropertyDescriptor {
    if (!("value" in d)) return d;
    return { value: this.copy(d.value, depth + 1), writable: d.writable, enumerable: d.enumerable, configurable: d.configurable };
  }
}

/** The input as Quy's reader hands it to the core. */
export function snapshotOf(input: unknown, flags: Flags): unknown {
  if (builtInfo(input) !== undefined) return input;
  return new Snapshot(flags).copy(input);
}

/** A transcript as the reader hands it to the core (the messages of a built context as they are). */
export function transcriptOf(transcript: unknown, flags: Flags): unknown {
  if (builtTranscript(transcript) !== undefined) return transcript;
  return new Snapshot(flags).copy(transcript);
}

export function reader(flags: Flags): Impl {
  return {
    buildActiveContext: (input) => core.buildActiveContext(snapshotOf(input, flags) as never),
    groupToolRounds: (transcript) => core.groupToolRounds(transcriptOf(transcript, flags) as never),
    estimateContextUnits: (input) => core.estimateContextUnits(snapshotOf(input, flags) as never),
    selectCompactionBoundary: (input, options) => core.selectCompactionBoundary(snapshotOf(input, flags) as never, options as never),
    compactContext: (input, options) => {
      let snapshot: unknown;
      try {
        snapshot = snapshotOf(input, flags);
      } catch (error) {
        return Promise.reject(error);
      }
      return core.compactContext(snapshot as never, options as never);
    },
  };
}
