// Two cancellation mistakes (wrappers): the signal's reason thrown instead of CONTEXT_CANCELLED,
// and any object with a boolean `aborted` accepted as a signal.
import { maker } from "../_kit/assemble";
import { make as reason } from "../abort-reason-thrown/compose";
import { make as duck } from "../duck-typed-signal/compose";

export const make = maker({ ...duck.defs, ...reason.defs });
