// Two async mistakes (wrappers): an unhandled rejection left on failure, and a Proxy around the
// summary's promise refused with CONTEXT_SUMMARIZER_FAILED.
import { maker } from "../_kit/assemble";
import { make as unhandled } from "../unhandled-on-failure/compose";
import { make as proxy } from "../proxy-promise-failed/compose";

export const make = maker({ ...proxy.defs, ...unhandled.defs });
