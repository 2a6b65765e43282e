// One mistake (rewrite of groupToolRounds and the boundary walk over it): an assistant's
// interval runs through the result of its last tool call (in block order), not through the
// last result of any of its calls, so a result of an earlier call that comes later is cut off.
import { maker } from "../_kit/assemble";
import { walkMistake18 } from "../_kit/s18";

export const make = maker({ "interval-last-call-result": walkMistake18({ lastCallResult: true }) });
