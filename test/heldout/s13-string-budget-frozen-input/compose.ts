// An options mistake and a reading mistake (wrappers): each budget is read with Number(…), so a
// string of digits is taken as its number, and buildActiveContext returns a frozen input as it
// is (after checking it) instead of a deep copy.
import { maker } from "../_kit/assemble";
import { budgetStringCoerced, frozenInputReturned } from "../_kit/s13";

export const make = maker({
  "budget-string-coerced": budgetStringCoerced,
  "frozen-input-returned": frozenInputReturned,
});
