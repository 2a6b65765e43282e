// Gus's basics: the limits, the one error class, code points and the blank test, and the
// built-ins he keeps from load time (so a caller who patches them later changes nothing).
import { types } from "node:util";

export const MAX_CONTEXT_MESSAGES = 4096;
export const MAX_CONTEXT_REQUIREMENTS = 128;
export const MAX_CONTEXT_RECORDS = 256;
export const MAX_CONTEXT_DEPTH = 32;
export const MAX_CONTEXT_COLLECTION_ITEMS = 16384;
export const MAX_CONTEXT_STRING_UNITS = 65536;
export const MAX_CONTEXT_TOTAL_UNITS = 1000000;
export const MAX_CONTEXT_ASYNC_DEPTH = 64;

/** The planted mistakes switched on (see module.ts). */
export type Flags = ReadonlySet<string>;

export type Code =
  | "CONTEXT_INVALID_INPUT"
  | "CONTEXT_INVALID_TRANSCRIPT"
  | "CONTEXT_LIMIT_EXCEEDED"
  | "CONTEXT_INVALID_BUDGET"
  | "CONTEXT_BOUNDARY_UNAVAILABLE"
  | "CONTEXT_SUMMARY_INVALID"
  | "CONTEXT_SUMMARY_INSUFFICIENT"
  | "CONTEXT_SUMMARIZER_FAILED"
  | "CONTEXT_ASYNC_VALUE_UNOBSERVABLE"
  | "CONTEXT_CANCELLED";

export class ContextCompactionError extends Error {
  override readonly name = "ContextCompactionError";
  readonly code: Code;
  constructor(code: Code, message: string) {
    super(message);
    this.code = code;
    Object.freeze(this);
  }
}

export function oops(code: Code, message: string): never {
  throw new ContextCompactionError(code, message);
}

// Built-ins kept at load.
export const isProxy = types.isProxy;
export const isPromise = types.isPromise;
export const nativeThen = Promise.prototype.then;
export const NativePromise = Promise;
export const later = queueMicrotask;
const abortedGetter = Object.getOwnPropertyDescriptor(AbortSignal.prototype, "aborted")!.get!;
const listen = EventTarget.prototype.addEventListener;
const unlisten = EventTarget.prototype.removeEventListener;
const Controller = AbortController;
const call = Reflect.apply;

/** true / false, or null when the intrinsic getter refuses the value (not a signal). */
export function abortedOf(signal: unknown): boolean | null {
  try {
    return call(abortedGetter, signal, []) as boolean;
  } catch {
    return null;
  }
}
export function addAbort(signal: object, fn: () => void): boolean {
  try {
    call(listen, signal, ["abort", fn]);
    return true;
  } catch {
    return false;
  }
}
export function removeAbort(signal: object, fn: () => void): void {
  try {
    call(unlisten, signal, ["abort", fn]);
  } catch {
    // the outcome is given already
  }
}
export function freshSignal(): AbortSignal {
  return new Controller().signal;
}

/** u(s): code points; a pair counts 1, a lone surrogate 1. */
export function u(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

const trim = String.prototype.trim;
export function hasText(s: string): boolean {
  return (call(trim, s, []) as string).length > 0;
}
