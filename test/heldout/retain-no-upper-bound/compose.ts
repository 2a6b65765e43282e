// One mistake (wrapper): the student checks retainRecentMessages >= 0 but not <= 4096, so a
// larger value is accepted (there is then no boundary) instead of CONTEXT_INVALID_BUDGET.
import { maker } from "../_kit/assemble";
import { dataField, editOptions, setData } from "../_kit/data";
import { mapOptions } from "../_kit/layers";

function unbounded(options: unknown): unknown {
  const retain = dataField(options, "retainRecentMessages");
  if (!Number.isSafeInteger(retain) || (retain as number) <= 4096) return options;
  // Any value above the number of messages answers null; 4096 is the largest the reference takes.
  return editOptions(options, (copy) => setData(copy, "retainRecentMessages", 4096));
}

export const make = maker({ "retain-no-upper-bound": { layer: (base) => mapOptions(base, unbounded) } });
