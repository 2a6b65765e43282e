// Surrogate pairs of a long string, counted eight UTF-16 code units at a time by a small
// WebAssembly function (128-bit SIMD). A JavaScript loop reads one unit per charCodeAt, or two
// per 32-bit word of a copy, and for astral-heavy text that loop was most of the time a build
// spent counting code points: a tenth of the whole build (issue 12, measured by removal).
//
// The string is copied natively (Buffer#ucs2Write, little-endian like WebAssembly memory, so
// the count does not depend on the platform's byte order) into the module's memory, and
// `pairs(n)` counts the positions where a high surrogate is followed by a low one among the n
// units at address 0. A lone surrogate is no pair, as in units.ts.
//
// Where WebAssembly is missing (node --jitless), or the module does not compile or does not
// give the expected count on the check string below, `simdPairs` is undefined and units.ts
// counts with its own loop: the same count, slower.
import { WasmInstance, WasmModule, bufferFrom, ucs2Write } from "./intrinsics";

/** The longest string the module's memory holds (65,536 units: the per-string limit of §3). */
export const SIMD_UNITS = 1 << 16;

// The module, in the text format, then its bytes instruction by instruction.
//
// (module
//   (memory (export "memory") 3)
//   (func (export "pairs") (param $end i32) (result i32)
//     (local $i i32) (local $acc v128)
//     ;; end, in bytes; the 32 bytes past the string are zeroed, so that lanes past its end
//     ;; (and the unit after its last one) hold 0, no surrogate
//     (local.set $end (i32.shl (local.get $end) (i32.const 1)))
//     (v128.store offset=0 align=1 (local.get $end) (v128.const i16x8 0 0 0 0 0 0 0 0))
//     (v128.store offset=16 align=1 (local.get $end) (v128.const i16x8 0 0 0 0 0 0 0 0))
//     (block $done
//       (loop $next
//         (br_if $done (i32.ge_u (local.get $i) (local.get $end)))
//         ;; lane k is -1 where unit i+k is a high surrogate and unit i+k+1 a low one
//         (local.set $acc (i16x8.sub (local.get $acc) (v128.and
//           (i16x8.eq (v128.and (v128.load offset=0 align=1 (local.get $i)) (v128.const i16x8 0xfc00 ...)) (v128.const i16x8 0xd800 ...))
//           (i16x8.eq (v128.and (v128.load offset=2 align=1 (local.get $i)) (v128.const i16x8 0xfc00 ...)) (v128.const i16x8 0xdc00 ...)))))
//         (local.set $i (i32.add (local.get $i) (i32.const 16)))
//         (br $next)))
//     ;; a lane counts at most 8,192 pairs (65,536 units): 16 bits hold it; the sum of the
//     ;; eight lanes, as four 32-bit lanes
//     (local.set $acc (i32x4.extadd_pairwise_i16x8_s (local.get $acc)))
//     (i32.add (i32.add (i32.add (i32x4.extract_lane 0 (local.get $acc)) (i32x4.extract_lane 1 (local.get $acc)))
//       (i32x4.extract_lane 2 (local.get $acc))) (i32x4.extract_lane 3 (local.get $acc)))))
//
// Memory: 3 pages of 64 KiB, for 131,072 bytes of units and the 32 zeroed after them.
// Stryker disable next-line ArrayDeclaration: an empty module does not compile, and the loop of units.ts then gives the same count
const MODULE_BYTES = [
  // header: "\0asm", version 1
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
  // type section: one type, (func (param i32) (result i32))
  0x01, 0x06, 0x01, 0x60, 0x01, 0x7f, 0x01, 0x7f,
  // function section: one function of type 0
  0x03, 0x02, 0x01, 0x00,
  // memory section: one memory, minimum 3 pages, no maximum
  0x05, 0x03, 0x01, 0x00, 0x03,
  // export section: "memory" (memory 0), "pairs" (function 0)
  0x07, 0x12, 0x02,
  0x06, 0x6d, 0x65, 0x6d, 0x6f, 0x72, 0x79, 0x02, 0x00,
  0x05, 0x70, 0x61, 0x69, 0x72, 0x73, 0x00, 0x00,
  // code section: one body of 211 bytes; locals: one i32 ($i = 1), one v128 ($acc = 2)
  0x0a, 0xd6, 0x01, 0x01, 0xd3, 0x01, 0x02, 0x01, 0x7f, 0x01, 0x7b,
  // local.set $end (i32.shl (local.get $end) (i32.const 1))
  0x20, 0x00, 0x41, 0x01, 0x74, 0x21, 0x00,
  // v128.store offset=0 align=1 (local.get $end) (v128.const 0)
  0x20, 0x00,
  0xfd, 0x0c, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
  0xfd, 0x0b, 0x00, 0x00,
  // v128.store offset=16 align=1 (local.get $end) (v128.const 0)
  0x20, 0x00,
  0xfd, 0x0c, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
  0xfd, 0x0b, 0x00, 0x10,
  // block $done, loop $next
  0x02, 0x40, 0x03, 0x40,
  // br_if $done (i32.ge_u (local.get $i) (local.get $end))
  0x20, 0x01, 0x20, 0x00, 0x4f, 0x0d, 0x01,
  // local.get $acc
  0x20, 0x02,
  // i16x8.eq (v128.and (v128.load offset=0 align=1 (local.get $i)) 0xfc00 x 8) 0xd800 x 8
  0x20, 0x01, 0xfd, 0x00, 0x00, 0x00,
  0xfd, 0x0c, 0x00, 0xfc, 0x00, 0xfc, 0x00, 0xfc, 0x00, 0xfc, 0x00, 0xfc, 0x00, 0xfc, 0x00, 0xfc, 0x00, 0xfc,
  0xfd, 0x4e,
  0xfd, 0x0c, 0x00, 0xd8, 0x00, 0xd8, 0x00, 0xd8, 0x00, 0xd8, 0x00, 0xd8, 0x00, 0xd8, 0x00, 0xd8, 0x00, 0xd8,
  0xfd, 0x2d,
  // i16x8.eq (v128.and (v128.load offset=2 align=1 (local.get $i)) 0xfc00 x 8) 0xdc00 x 8
  0x20, 0x01, 0xfd, 0x00, 0x00, 0x02,
  0xfd, 0x0c, 0x00, 0xfc, 0x00, 0xfc, 0x00, 0xfc, 0x00, 0xfc, 0x00, 0xfc, 0x00, 0xfc, 0x00, 0xfc, 0x00, 0xfc,
  0xfd, 0x4e,
  0xfd, 0x0c, 0x00, 0xdc, 0x00, 0xdc, 0x00, 0xdc, 0x00, 0xdc, 0x00, 0xdc, 0x00, 0xdc, 0x00, 0xdc, 0x00, 0xdc,
  0xfd, 0x2d,
  // local.set $acc (i16x8.sub $acc (v128.and high low))
  0xfd, 0x4e, 0xfd, 0x91, 0x01, 0x21, 0x02,
  // local.set $i (i32.add (local.get $i) (i32.const 16)); br $next; end loop; end block
  0x20, 0x01, 0x41, 0x10, 0x6a, 0x21, 0x01, 0x0c, 0x00, 0x0b, 0x0b,
  // local.tee $acc (i32x4.extadd_pairwise_i16x8_s (local.get $acc)); i32x4.extract_lane 0
  0x20, 0x02, 0xfd, 0x7e, 0x22, 0x02, 0xfd, 0x1b, 0x00,
  // + lane 1, + lane 2, + lane 3
  0x20, 0x02, 0xfd, 0x1b, 0x01, 0x6a,
  0x20, 0x02, 0xfd, 0x1b, 0x02, 0x6a,
  0x20, 0x02, 0xfd, 0x1b, 0x03, 0x6a,
  // end
  0x0b,
];

type Exports = { readonly memory: { readonly buffer: ArrayBuffer }; readonly pairs: (units: number) => number };

// A check string of 22 units: a pair inside the first 8 units, pairs across both boundaries of
// 8 units (units 7-8, 15-16), one inside the last 8, lone surrogates of both kinds, a high
// surrogate as the last unit. 4 pairs.
const CHECK = "\uD83D\uDE00a\uDC00\uD800bc\uD835\uDCB3defghi\uD83E\uDDE9xy\uDBFF\uDFFF\uD800";
const CHECK_PAIRS = 4;

function load(): ((s: string, length: number) => number) | undefined {
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: without the module the loop of units.ts gives the same count; with ucs2Write missing the call below throws, and the catch gives the same answer
  if (WasmModule === undefined || WasmInstance === undefined || ucs2Write === undefined) return undefined;
  const write = ucs2Write;
  let exports: Exports;
  let scratch: ReturnType<typeof bufferFrom>;
  // Stryker disable next-line BlockStatement: without the module the loop of units.ts gives the same count
  try {
    exports = new WasmInstance(new WasmModule(new Uint8Array(MODULE_BYTES))).exports as unknown as Exports;
    scratch = bufferFrom(exports.memory.buffer, 0, SIMD_UNITS * 2);
  } catch {
    return undefined;
  }
  const pairs = exports.pairs;
  const count = (s: string, length: number): number => {
    write(scratch, s, 0, length * 2);
    return pairs(length);
  };
  // Stryker disable next-line ConditionalExpression,EqualityOperator: without the module the loop of units.ts gives the same count
  return count(CHECK, CHECK.length) === CHECK_PAIRS ? count : undefined;
}

/** Surrogate pairs of s (its `length` units, at most SIMD_UNITS); undefined where unavailable. */
export const simdPairs = load();
