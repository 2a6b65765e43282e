// Two options mistakes (wrappers): summaryMaxUnits equal to targetUnits refused, and no upper
// bound on maxUnits.
import { maker } from "../_kit/assemble";
import { readBoundaryOptions } from "../../../src/core/options";
import { contractError, type Impl } from "../_kit/impl";
import { make as maxUnits } from "../maxunits-no-upper-bound/compose";

/** The §6 fields are read as the reference reads them (first failure wins), then the student's cross-check. */
function refuseEqual(options: unknown): void {
  const read = readBoundaryOptions(options);
  if (read.summaryMaxUnits === read.targetUnits) throw contractError("CONTEXT_INVALID_BUDGET", "summaryMaxUnits must be below targetUnits");
}

function equalRefused(base: Impl): Impl {
  return {
    ...base,
    selectCompactionBoundary: (input, options) => {
      const context = base.buildActiveContext(input);
      refuseEqual(options);
      return base.selectCompactionBoundary(context, options);
    },
    compactContext: async (input, options) => {
      const context = base.buildActiveContext(input);
      refuseEqual(options);
      return base.compactContext(context, options);
    },
  };
}

export const make = maker({ "summarymax-equal-target-refused": { layer: equalRefused }, ...maxUnits.defs });
