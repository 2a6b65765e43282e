// Units (contract §4): Unicode code points plus fixed structural weights. Exact integers,
// the same on every platform, because they only depend on UTF-16 code units.
import { regexpExec, stringCharCodeAt } from "./intrinsics";
import { SIMD_UNITS, simdPairs } from "./simd-pairs";

// Any surrogate code unit. Not global: exec always starts at 0 and keeps no state.
const SURROGATE = /[\uD800-\uDFFF]/;

// Strings up to this many units are counted by the loop below alone.
const SHORT = 64;

/** u(s): code points of `s`; a surrogate pair counts 1, a lone surrogate counts 1. */
export function codePoints(s: string): number {
  const length = s.length;
  // Ids and short texts are plain ASCII in practice, so they are just their length.
  if (length <= 24) return length;
  // Stryker disable next-line ConditionalExpression: a fast path only; the scan below gives the same count.
  if (length < 2) return length;
  // A short string is counted by the loop alone: a regexp call, or a copy, costs as much as a
  // short string's loop. A longer one with a surrogate near its start (astral-heavy text) is
  // counted eight units at a time (./simd-pairs). Other strings are scanned natively for
  // their first surrogate (most have none, and then u(s) is s.length), and counted from there.
  // (A regexp match per surrogate was measured three times slower on astral-heavy text.)
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a fast path only; the SIMD count or the regexp scan gives the same count
  if (length <= SHORT) return length - pairsFrom(s, 0);
  let start = 0;
  // Stryker disable next-line ConditionalExpression,BooleanLiteral: a fast path only; the regexp scan gives the same count
  if (!surrogateBefore(s, SHORT)) {
    const first = regexpExec(SURROGATE, s);
    if (first === null) return length;
    start = first.index;
  }
  // Stryker disable next-line ConditionalExpression,EqualityOperator: false or `<` only sends more strings to the loop, which gives the same count (it also hides true, which the 80,000-unit test of test/core/units.test.ts kills)
  if (simdPairs !== undefined && length <= SIMD_UNITS) return length - simdPairs(s, length);
  return length - pairsFrom(s, start);
}

/** Whether s[0..end) holds a surrogate. */
// Stryker disable all: it only picks the fast path; either answer gives the same count
function surrogateBefore(s: string, end: number): boolean {
  for (let i = 0; i < end; i++) if ((stringCharCodeAt(s, i) & 0xf800) === 0xd800) return true;
  return false;
}
// Stryker restore all

// The top six bits of a UTF-16 code unit (unit >> 10): 0x36 a high surrogate, 0x37 a low one.
const HIGH = 0x36;
const LOW = 0x37;
// PAIR_ENDS[(top bits of the unit before) << 6 | (top bits of this unit)] is 1 where a low
// surrogate ends a pair. A table lookup per unit, with no branch: astral-heavy text mixes
// pairs and other characters at random, and a branch per unit was measured a third slower.
const PAIR_ENDS = new Uint8Array(64 * 64);
PAIR_ENDS[(HIGH << 6) | LOW] = 1;

/**
 * Surrogate pairs in s[start..], where s[start - 1] (if any) is no high surrogate. A unit is
 * never both high and low, so a low surrogate ends at most one pair: pairs cannot overlap.
 */
function pairsFrom(s: string, start: number): number {
  const table = PAIR_ENDS;
  let pairs = 0;
  let before = 0;
  // Stryker disable next-line EqualityOperator: past the end charCodeAt is NaN, whose top bits (0) end no pair
  for (let i = start; i < s.length; i++) {
    const top = stringCharCodeAt(s, i) >> 10;
    pairs += table[(before << 6) | top];
    before = top;
  }
  return pairs;
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
