// Frank's checkpoint 11: the numbers of §1, the one error class, and the switches of the
// mistakes planted in him (index.ts turns them all on; compose.ts, for the tests, any subset).
export const MAX_CONTEXT_MESSAGES = 4096;
export const MAX_CONTEXT_REQUIREMENTS = 128;
export const MAX_CONTEXT_RECORDS = 256;
export const MAX_CONTEXT_DEPTH = 32;
export const MAX_CONTEXT_COLLECTION_ITEMS = 16384;
export const MAX_CONTEXT_STRING_UNITS = 65536;
export const MAX_CONTEXT_TOTAL_UNITS = 1000000;
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
  readonly code: Code;
  constructor(code: Code, message: string) {
    super(message);
    Object.defineProperty(this, "name", { value: "ContextCompactionError", enumerable: false, configurable: true, writable: true });
    this.code = code;
    Object.freeze(this);
  }
}

export const oops = (code: Code, message: string) => new ContextCompactionError(code, message);

export function bail(code: Code, message: string): never {
  throw oops(code, message);
}

/** The planted mistakes that are switched on. */
export type Switches = ReadonlySet<string>;
