// Two reading mistakes (wrappers): the channels read by destructuring (a getter is called), and
// the string ceiling measured in UTF-16 code units.
import { maker } from "../_kit/assemble";
import { make as getter } from "../input-getter-called/compose";
import { make as utf16 } from "../string-limit-utf16/compose";

export const make = maker({ ...getter.defs, ...utf16.defs });
