// Three mistakes (wrappers and a rewritten summary check): the unchanged result without
// record, a blank summary given the wrong code, and a number coerced into summary text.
import { maker } from "../_kit/assemble";
import { make as noRecord } from "../fastpath-no-record/compose";
import { make as blank } from "../blank-summary-code/compose";
import { make as coerced } from "../summary-number-coerced/compose";

export const make = maker({ ...noRecord.defs, ...blank.defs, ...coerced.defs });
