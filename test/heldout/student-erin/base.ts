// Erin's checkpoint 11, the shared base: the limits of §1, the one error class, u(s) and "non-empty".
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
    super(`${code}: ${message}`);
    this.code = code;
    Object.freeze(this);
  }
}

export const oops = (code: Code, message: string) => new ContextCompactionError(code, message);

export function fail(code: Code, message: string): never {
  throw oops(code, message);
}

/** Which of Erin's planted mistakes are on (index.ts: all; compose.ts: any subset). */
export type Mistakes = ReadonlySet<string>;

/** Code points of a string (a lone surrogate is one, like a pair). */
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

export const blank = (s: string): boolean => s.trim() === "";
