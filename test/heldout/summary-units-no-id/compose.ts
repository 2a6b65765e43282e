// One mistake (rewrite of the summary check): the summary's units are compared with
// summaryMaxUnits as 5 + u(text), leaving out u(summaryId), so a summary that fits only
// without its id is accepted at step 6.
import { maker } from "../_kit/assemble";

export const make = maker({ "summary-units-without-id": { parts: { summaryUnitsForCheck: (_id, text) => 5 + text } } });
