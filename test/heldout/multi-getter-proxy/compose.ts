// Two mistakes in two layers (wrappers): the channels read by destructuring, and a Proxy around
// the summary's promise refused with the wrong code.
import { maker } from "../_kit/assemble";
import { make as getter } from "../input-getter-called/compose";
import { make as proxy } from "../proxy-promise-failed/compose";

export const make = maker({ ...getter.defs, ...proxy.defs });
