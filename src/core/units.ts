// Units (contract §4): Unicode code points plus fixed structural weights. Exact integers,
// the same on every platform, because they only depend on UTF-16 code units.
import { regexpExec, stringCharCodeAt } from "./intrinsics";

// Any surrogate code unit; global, so that exec continues from lastIndex.
const SURROGATE = /[\uD800-\uDFFF]/g;

/** u(s): code points of `s`; a surrogate pair counts 1, a lone surrogate counts 1. */
export function codePoints(s: string): number {
  const length = s.length;
  let count = length;
  // Stryker disable next-line ConditionalExpression: a fast path only; the scan below gives the same count.
  if (length < 2) return count;
  // The native regexp scan jumps from surrogate to surrogate (most strings have none, and
  // then u(s) is s.length); a high surrogate followed by a low one makes the pair count once.
  // Measured faster than a charCodeAt loop even for short ids and keys. Past the end,
  // charCodeAt is NaN, never a low surrogate, so a high surrogate at the end stays alone.
  SURROGATE.lastIndex = 0;
  for (let match = regexpExec(SURROGATE, s); match !== null; match = regexpExec(SURROGATE, s)) {
    const i = match.index;
    if ((stringCharCodeAt(s, i) & 0xfc00) === 0xd800 && (stringCharCodeAt(s, i + 1) & 0xfc00) === 0xdc00) {
      count--;
      SURROGATE.lastIndex = i + 2;
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
