// One mistake (a wrapper that checks options.signal with instanceof AbortSignal): an object that inherits from AbortSignal.prototype but is not
// a genuine signal is accepted: a small context is returned unchanged, a large one fails with the
// TypeError of reading its aborted.
import { maker } from "../_kit/assemble";
import { signalInstanceofAccepted } from "../_kit/b2a";

export const make = maker({ "signal-instanceof-accepted": signalInstanceofAccepted });
