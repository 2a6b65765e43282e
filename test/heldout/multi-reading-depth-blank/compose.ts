// Two reading mistakes (wrappers): a value at depth 32 refused, and a blank user content refused.
import { maker } from "../_kit/assemble";
import { make as depth } from "../depth-32-refused/compose";
import { make as blank } from "../blank-user-content-refused/compose";

export const make = maker({ ...depth.defs, ...blank.defs });
