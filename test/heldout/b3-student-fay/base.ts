// Fay's checkpoint 11: limits, codes, the error class, and the few built-ins she keeps a hold of
// at load (so a caller who swaps Promise or Reflect later changes nothing here).
import { types } from "node:util";

export const MAX_CONTEXT_MESSAGES = 4096;
export const MAX_CONTEXT_REQUIREMENTS = 128;
export const MAX_CONTEXT_RECORDS = 256;
export const MAX_CONTEXT_DEPTH = 32;
export const MAX_CONTEXT_COLLECTION_ITEMS = 16384;
export const MAX_CONTEXT_STRING_UNITS = 65536;
export const MAX_CONTEXT_TOTAL_UNITS = 1_000_000;
export const MAX_CONTEXT_ASYNC_DEPTH = 64;

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

export function stop(code: Code, message: string): never {
  throw new ContextCompactionError(code, message);
}

/** The planted mistakes switched on (index.ts: all; compose.ts: any subset). */
export type Flags = ReadonlySet<string>;

// Built-ins, held from load.
export const isProxy = types.isProxy;
export const isPromise = types.isPromise;
export const NativePromise = Promise;
export const nativeThen = Promise.prototype.then;
export const call = Reflect.apply;
export const getProto = Reflect.getPrototypeOf;
export const ownDesc = Reflect.getOwnPropertyDescriptor;
export const ownKeysOf = Reflect.ownKeys;
export const getProp = Reflect.get;
export const defineProp = Reflect.defineProperty;
export const deleteProp = Reflect.deleteProperty;
export const extensible = Reflect.isExtensible;
export const isArray = Array.isArray;
export const freeze = Object.freeze;
export const isSafeInteger = Number.isSafeInteger;
export const isFinite = Number.isFinite;
export const ObjectProto = Object.prototype;
export const later = queueMicrotask;
const hasOwnProperty = Object.prototype.hasOwnProperty;
export const owns = (o: object, k: PropertyKey): boolean => call(hasOwnProperty, o, [k]) as boolean;
const trim = String.prototype.trim;
/** Non-empty in the contract's sense: something left after trim. */
export const filled = (s: string): boolean => (call(trim, s, []) as string).length > 0;

const abortedGetter = (Object.getOwnPropertyDescriptor(AbortSignal.prototype, "aborted") as PropertyDescriptor).get as () => boolean;
const addListener = EventTarget.prototype.addEventListener;
const removeListener = EventTarget.prototype.removeEventListener;
const Controller = AbortController;
const controllerSignal = (Object.getOwnPropertyDescriptor(AbortController.prototype, "signal") as PropertyDescriptor).get as () => AbortSignal;

/** The signal's state through the intrinsic getter: true, false, or null when it cannot be read. */
export function abortedOf(signal: unknown): boolean | null {
  try {
    return call(abortedGetter, signal, []) as boolean;
  } catch {
    return null;
  }
}

export function listen(signal: AbortSignal, fn: () => void): boolean {
  try {
    call(addListener, signal, ["abort", fn]);
    return true;
  } catch {
    return false;
  }
}

export function unlisten(signal: AbortSignal, fn: () => void): void {
  try {
    call(removeListener, signal, ["abort", fn]);
  } catch {
    // nothing to report: the outcome is given
  }
}

export function freshSignal(): AbortSignal {
  return call(controllerSignal, Reflect.construct(Controller, []), []) as AbortSignal;
}

/** u(s): code points, a lone surrogate counting one. */
export function cp(s: string): number {
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
