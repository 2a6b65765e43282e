// Three mistakes of the student's reader (§2, §3), in every export that reads a context or
// transcript: a tool call whose arguments are {} refused; a tool result without isError read as
// isError: false; exactly 128 requirements refused (the ceiling checked with >=).
import { maker } from "../_kit/assemble";
import { emptyArgumentsRefused, isErrorMissingAsFalse, requirementsCeilingInclusive } from "../_kit/b2b";

export const make = maker({
  "empty-arguments-refused": emptyArgumentsRefused,
  "iserror-missing-as-false": isErrorMissingAsFalse,
  "requirements-ceiling-inclusive": requirementsCeilingInclusive,
});
