// Two boundary-selection mistakes: the student's walk leaves the retained messages out of the fit;
// their boundary function throws CONTEXT_BOUNDARY_UNAVAILABLE instead of answering null.
import { makerOf, assemble } from "../_kit/assemble";
import { noBoundaryThrown, walkMistake23 } from "../_kit/s23";

const ids = ["retained-messages-not-counted", "no-boundary-thrown"];
export const make = makerOf(ids, (enabled) =>
  assemble([walkMistake23({ retainedNotCounted: enabled.has("retained-messages-not-counted") }), ...(enabled.has("no-boundary-thrown") ? [noBoundaryThrown] : [])]),
);
