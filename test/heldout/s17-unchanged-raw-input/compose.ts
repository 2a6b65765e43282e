// One mistake (wrapper): the unchanged result carries the caller's input itself, so a plain
// input comes back raw (unfrozen, with its extra properties) instead of the built context.
import { maker } from "../_kit/assemble";
import { unchangedReturnsRawInput } from "../_kit/s17";

export const make = maker({ "unchanged-returns-raw-input": unchangedReturnsRawInput });
