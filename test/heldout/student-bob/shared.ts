// Bob's checkpoint 11 — shared pieces: limits, the error class, code points.
export const MAX_CONTEXT_MESSAGES = 4096;
export const MAX_CONTEXT_REQUIREMENTS = 128;
export const MAX_CONTEXT_RECORDS = 256;
export const MAX_CONTEXT_DEPTH = 32;
export const MAX_CONTEXT_COLLECTION_ITEMS = 16384;
export const MAX_CONTEXT_STRING_UNITS = 65536;
export const MAX_CONTEXT_TOTAL_UNITS = 1_000_000;
export const MAX_CONTEXT_ASYNC_DEPTH = 64;

export type ErrorCode =
  | "CONTEXT_INVALID_INPUT" | "CONTEXT_INVALID_TRANSCRIPT" | "CONTEXT_LIMIT_EXCEEDED" | "CONTEXT_INVALID_BUDGET" | "CONTEXT_BOUNDARY_UNAVAILABLE"
  | "CONTEXT_SUMMARY_INVALID" | "CONTEXT_SUMMARY_INSUFFICIENT" | "CONTEXT_SUMMARIZER_FAILED" | "CONTEXT_ASYNC_VALUE_UNOBSERVABLE" | "CONTEXT_CANCELLED";

export class ContextCompactionError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = "ContextCompactionError";
    this.code = code;
    Object.freeze(this);
  }
}

export function raise(code: ErrorCode, message: string): never {
  throw new ContextCompactionError(code, message);
}

/** Number of Unicode code points (a lone surrogate counts one). */
export function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

export function isBlank(text: string): boolean {
  return text.trim() === "";
}

/** Which planted mistakes are on. */
export type Flags = ReadonlySet<string>;
