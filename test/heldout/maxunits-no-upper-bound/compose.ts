// One mistake (wrapper): the student checks maxUnits >= 1 and >= targetUnits but not
// <= 1,000,000, so a larger maxUnits is accepted (the context is then returned unchanged)
// instead of CONTEXT_INVALID_BUDGET.
import { maker } from "../_kit/assemble";
import { dataField, editOptions, setData } from "../_kit/data";
import type { Impl } from "../_kit/impl";

function unbounded(options: unknown): unknown {
  const maxUnits = dataField(options, "maxUnits");
  if (!Number.isSafeInteger(maxUnits) || (maxUnits as number) <= 1_000_000) return options;
  // Every valid context is within 1,000,000 units: the largest maxUnits the reference takes answers the same.
  return editOptions(options, (copy) => setData(copy, "maxUnits", 1_000_000));
}

export const make = maker({
  "maxunits-no-upper-bound": {
    layer: (base: Impl) => ({ ...base, compactContext: (input, options) => base.compactContext(input, unbounded(options)) }),
  },
});
