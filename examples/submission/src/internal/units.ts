// Units (contract §4): Unicode code points plus fixed structural weights. Exact integers,
// the same on every platform, because they only depend on UTF-16 code units.
import { Int32ArrayConstructor, Uint16ArrayConstructor, bufferAlloc, regexpExec, stringCharCodeAt, ucs2Write } from "./intrinsics";

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
  // copied and counted from the copy. Other strings are scanned natively for their first
  // surrogate (most have none, and then u(s) is s.length), and counted from there. (A regexp
  // match per surrogate was measured three times slower on astral-heavy text.)
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a fast path only; the copy or the regexp scan gives the same count
  if (length <= SHORT) return length - pairsFrom(s, 0);
  let start = 0;
  // Stryker disable next-line ConditionalExpression,BooleanLiteral: a fast path only; the regexp scan gives the same count
  if (!surrogateBefore(s, SHORT)) {
    const first = regexpExec(SURROGATE, s);
    if (first === null) return length;
    start = first.index;
  }
  // Stryker disable next-line ConditionalExpression,EqualityOperator: false or `<` only sends more strings to the loop, which gives the same count (it also hides true, which the 80,000-unit test of test/core/units.test.ts kills)
  if (COPY_WORKS && length <= SCRATCH_UNITS) return length - pairsInCopy(s, start, length);
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

// A long string is counted from a copy of its code units, two units at a time: the copy is
// native (a memcpy for a flat two-byte string), and one 32-bit read and one lookup per two
// units cost a third of a charCodeAt and a lookup per unit (astral-heavy text, measured in
// instructions). The copy is read in the platform's byte order, so it is used only where a
// unit written first lands in the low half of a 32-bit word (checked once below), and only
// where Node has Buffer#ucs2Write. A string longer than the scratch holds is over the
// 65,536-code-point limit or close to it, and counted by the loop.
const SCRATCH_UNITS = 1 << 16;
// One unit more: a string of odd length is followed by a zero unit, which ends no pair.
const scratch = bufferAlloc(SCRATCH_UNITS * 2 + 4);
const scratchUnits = new Uint16ArrayConstructor(scratch.buffer, scratch.byteOffset, SCRATCH_UNITS + 2);
const scratchWords = new Int32ArrayConstructor(scratch.buffer, scratch.byteOffset, (SCRATCH_UNITS + 2) >> 1);
// Stryker disable next-line all: only picks the fast path; either answer gives the same count
const COPY_WORKS = ucs2Write !== undefined && ucs2Write(scratch, "\uD83D\uDE00", 0, 4) === 4 && scratchWords[0] === (0xde00d83d | 0);

// WORD_PAIRS[(top bits of the unit before) << 12 | (top bits of a word's first unit) << 6 |
// (top bits of its second unit)]: the pairs that the word's two units end, from PAIR_ENDS
// (filled from its few non-zero entries: a loop over all 2^18 would cost the module's load).
const WORD_PAIRS = new Uint8Array(64 * 64 * 64);
for (let ends = 0; ends < 64 * 64; ends++) {
  if (PAIR_ENDS[ends] === 0) continue;
  // `ends` as the unit before and the word's first unit, or as the word's two units.
  for (let other = 0; other < 64; other++) {
    WORD_PAIRS[(ends << 6) | other] += PAIR_ENDS[ends];
    WORD_PAIRS[(other << 12) | ends] += PAIR_ENDS[ends];
  }
}

/** Surrogate pairs in s[start..], counted from a copy of s (start as for pairsFrom). */
function pairsInCopy(s: string, start: number, length: number): number {
  (ucs2Write as NonNullable<typeof ucs2Write>)(scratch, s, 0, length * 2);
  scratchUnits[length] = 0;
  // Module bindings read into locals: the loop then reads two typed arrays it knows, which
  // halves its instructions.
  const units = scratchWords;
  const table = WORD_PAIRS;
  const words = (length + 1) >> 1;
  let pairs = 0;
  let before = 0;
  // The word holding s[start] may begin with s[start - 1], no surrogate: it ends no pair.
  // Stryker disable next-line EqualityOperator: a word more begins with the zero unit written above or past it, which ends no pair
  for (let i = start >> 1; i < words; i++) {
    const word = units[i];
    const second = word >>> 26;
    pairs += table[(before << 12) | ((word >> 4) & 0xfc0) | second];
    before = second;
  }
  return pairs;
}

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
