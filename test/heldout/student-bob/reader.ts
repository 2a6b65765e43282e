// Bob's reader for untrusted input (contract §3). Every property is read through
// Reflect.getOwnPropertyDescriptor, so getters never run and a Proxy is read through its traps;
// anything a trap throws is turned into the channel's code by ContextReader.channel.
import {
  MAX_CONTEXT_COLLECTION_ITEMS,
  MAX_CONTEXT_DEPTH,
  MAX_CONTEXT_STRING_UNITS,
  MAX_CONTEXT_TOTAL_UNITS,
  ContextCompactionError,
  codePoints,
  isBlank,
  type ErrorCode,
} from "./shared";

/** Thrown inside a channel; `overflow` makes it CONTEXT_LIMIT_EXCEEDED, `code` replaces the channel's code. */
class ReadProblem {
  static readonly all = new WeakSet<object>();
  constructor(
    readonly message: string,
    readonly overflow = false,
    readonly code: ErrorCode | null = null,
  ) {
    ReadProblem.all.add(this);
  }
}

export const MISSING = Symbol("missing");

export class ContextReader {
  items = 0;
  strings = 0;

  /** (Found by the grader, not flagged by the writer: arguments copied with plain stores, so "__proto__" sets the copy's prototype.) */
  constructor(readonly plainStore = false) {}

  problem(message: string, code: ErrorCode | null = null): never {
    throw new ReadProblem(message, false, code);
  }

  overflow(message: string): never {
    throw new ReadProblem(message, true);
  }

  channel<T>(code: ErrorCode, body: () => T): T {
    try {
      return body();
    } catch (thrown) {
      if (ReadProblem.all.has(thrown as object)) {
        const p = thrown as ReadProblem;
        throw new ContextCompactionError(p.overflow ? "CONTEXT_LIMIT_EXCEEDED" : (p.code ?? code), p.message);
      }
      throw new ContextCompactionError(code, "reading the input threw");
    }
  }

  isRecord(value: unknown): boolean {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
    const proto = Reflect.getPrototypeOf(value);
    return proto === null || proto === Object.prototype;
  }

  record(value: unknown, what: string): object {
    return this.isRecord(value) ? (value as object) : this.problem(`${what} must be a plain object`);
  }

  peek(owner: object, key: PropertyKey): unknown {
    const d = Reflect.getOwnPropertyDescriptor(owner, key);
    if (d === undefined) return MISSING;
    return "value" in d ? d.value : this.problem(`${String(key)} is an accessor`);
  }

  need(owner: object, key: PropertyKey): unknown {
    const v = this.peek(owner, key);
    return v === MISSING ? this.problem(`${String(key)} is missing`) : v;
  }

  list(value: unknown, what: string): { array: object; length: number } {
    if (!Array.isArray(value)) this.problem(`${what} must be an array`);
    const length = (Reflect.getOwnPropertyDescriptor(value as object, "length") as PropertyDescriptor).value as number;
    return { array: value as object, length };
  }

  entry(array: object, index: number): unknown {
    const d = Reflect.getOwnPropertyDescriptor(array, index);
    if (d === undefined) this.problem(`hole at ${index}`);
    if (!("value" in d!)) this.problem(`accessor at ${index}`);
    return d!.value;
  }

  countItems(n: number): void {
    this.items += n;
    if (this.items > MAX_CONTEXT_COLLECTION_ITEMS) this.overflow("more than 16384 items");
  }

  /** Counts an array's length; an overflowing array has its slots checked first. */
  countArray(array: object, length: number): void {
    if (this.items + length > MAX_CONTEXT_COLLECTION_ITEMS) {
      const checked = Math.min(length, MAX_CONTEXT_COLLECTION_ITEMS + 1);
      for (let i = 0; i < checked; i++) this.entry(array, i);
    }
    this.countItems(length);
  }

  text(value: unknown, what: string, required: boolean): string {
    if (typeof value !== "string") this.problem(`${what} must be a string`);
    const n = codePoints(value as string);
    this.strings += n;
    if (n > MAX_CONTEXT_STRING_UNITS) this.overflow(`${what} is longer than 65536`);
    if (this.strings > MAX_CONTEXT_TOTAL_UNITS) this.overflow("more than 1,000,000 code points");
    if (required && isBlank(value as string)) this.problem(`${what} must not be empty`);
    return value as string;
  }

  /** Tool-call arguments: JSON values only, depth and cycles checked, a frozen copy. */
  json(value: unknown, depth: number, path: object[]): unknown {
    if (value !== null && typeof value === "object" && path.includes(value)) this.problem("cycle in arguments");
    if (depth > MAX_CONTEXT_DEPTH) this.overflow("arguments too deep");
    if (value === null || typeof value === "boolean") return value;
    if (typeof value === "string") return this.text(value, "argument", false);
    if (typeof value === "number") return Number.isFinite(value) ? value : this.problem("not a finite number");
    if (typeof value !== "object") return this.problem(`a ${typeof value} in arguments`);
    if (this.isRecord(value)) return this.jsonObject(value as object, depth, path);
    const { array, length } = this.list(value, "an argument");
    this.countArray(array, length);
    const out: unknown[] = [];
    for (let i = 0; i < length; i++) out[i] = this.json(this.entry(array, i), depth + 1, [...path, array]);
    return Object.freeze(out);
  }

  jsonObject(object: object, depth: number, path: object[]): object {
    const keys = Reflect.ownKeys(object);
    this.countItems(keys.length);
    const out: Record<string, unknown> = {};
    for (const key of keys) {
      if (typeof key !== "string") this.problem("a symbol key in arguments");
      const d = Reflect.getOwnPropertyDescriptor(object, key);
      if (!d || !d.enumerable || !("value" in d)) this.problem(`argument ${String(key)} is not plain data`);
      this.text(key, "an argument key", false);
      const item = this.json(d!.value, depth + 1, [...path, object]);
      if (this.plainStore) out[key as string] = item;
      else Reflect.defineProperty(out, key as string, { value: item, enumerable: true, writable: true, configurable: true });
    }
    return Object.freeze(out);
  }
}
