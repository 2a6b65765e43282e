import fc from "fast-check";
import type { StringKind } from "./_internals/strings";
import { STRING_KINDS, nonBlank, stringOfKind } from "./_internals/strings";

export type ContractStringConstraints = {
  /** Kinds to draw from, equally likely (default: all). */
  kinds?: readonly StringKind[];
  /** At least one non-whitespace character ("non-empty" in the contract's sense). */
  nonBlank?: boolean;
  /** Upper bound for the ASCII kind (default 20). */
  maxLength?: number;
};

/** Strings of every kind the contract counts in code points: empty, whitespace, astral, lone surrogates, combining marks, long. */
export function contractString(constraints: ContractStringConstraints = {}): fc.Arbitrary<string> {
  const kinds = constraints.kinds ?? STRING_KINDS;
  const arb = fc.oneof({ withCrossShrink: true }, ...kinds.map((kind) => stringOfKind(kind, constraints.maxLength ?? 20)));
  return constraints.nonBlank === true ? nonBlank(arb) : arb;
}
