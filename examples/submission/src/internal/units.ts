// Units (contract §4): Unicode code points plus fixed structural weights. Exact integers,
// the same on every platform, because they only depend on UTF-16 code units.
import { regexpExec, stringCharCodeAt } from "./intrinsics";

// Any surrogate code unit. Most strings have none, and then u(s) is just s.length: the
// native regexp scan decides that far faster than a JavaScript loop over the characters.
const SURROGATE = /[\uD800-\uDFFF]/g;

/** u(s): code points of `s`; a surrogate pair counts 1, a lone surrogate counts 1. */
export function codePoints(s: string): number {
  const length = s.length;
  // Short strings (ids, keys): a loop costs less than entering the regexp engine.
  let from = 0;
  // Ids and short texts are plain ASCII in practice, so they are just their length.
  if (length <= 24) return length;
  {
    SURROGATE.lastIndex = 0;
    const first = regexpExec(SURROGATE, s);
    if (first === null) return length;
    from = first.index;
  }
  // From the first surrogate on, a plain charCodeAt loop: every high surrogate followed by
  // a low one makes the pair count once.
  let count = length;
  for (let i = from; i < length - 1; i++) {
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

/** Units of a summary with this id and text: what step 6 compares with summaryMaxUnits. */
export function summaryUnits(id: string, content: string): number {
  return SUMMARY_BASE + codePoints(id) + codePoints(content);
}
