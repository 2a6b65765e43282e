// Units (contract §4): Unicode code points plus fixed structural weights. Exact integers,
// the same on every platform, because they only depend on UTF-16 code units.
import { regexpExec, stringCharCodeAt } from "./intrinsics";

// Any surrogate code unit. Not global: exec always starts at 0 and keeps no state.
const SURROGATE = /[\uD800-\uDFFF]/;

/** u(s): code points of `s`; a surrogate pair counts 1, a lone surrogate counts 1. */
export function codePoints(s: string): number {
  const length = s.length;
  // Stryker disable next-line ConditionalExpression: a fast path only; the scan below gives the same count.
  if (length < 2) return length;
  // The native regexp scan finds the first surrogate (most strings have none, and then u(s)
  // is s.length); from there one charCodeAt loop counts the pairs. (A regexp match per
  // surrogate was measured three times slower on astral-heavy text.) A high surrogate
  // followed by a low one is one code point; past the end there is no low surrogate.
  const first = regexpExec(SURROGATE, s);
  if (first === null) return length;
  let count = length;
  const last = length - 1;
  for (let i = first.index; i < last; i++) {
    if ((stringCharCodeAt(s, i) & 0xfc00) === 0xd800 && (stringCharCodeAt(s, i + 1) & 0xfc00) === 0xdc00) {
      count--;
      i++;
    }
  }
  return count;
}

/** J(n) for a finite number: 1 + String(n).length. */
export function numberUnits(n: number): number {
  return 1 + ("" + n).length;
}

// Structural weights of contract §4, written once.
export const REQUIREMENT_BASE = 3;
export const SUMMARY_BASE = 5;
export const USER_BASE = 4;
export const ASSISTANT_BASE = 4;
export const TEXT_BLOCK_BASE = 2;
export const TOOL_CALL_BASE = 6;
export const TOOL_RESULT_BASE = 7;
export const JSON_NULL = 1;
export const JSON_TRUE = 5;
export const JSON_FALSE = 6;
export const JSON_CONTAINER_BASE = 2;
export const JSON_ENTRY_BASE = 1;
export const JSON_STRING_BASE = 1;
