// Hana's checkpoint 11: the limits, the ten codes, and the one error class.
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

export function bail(code: Code, message: string): never {
  throw new ContextCompactionError(code, message);
}

/** The planted mistakes switched on (index.ts: all of them; compose.ts: any subset). */
export type Flags = ReadonlySet<string>;
