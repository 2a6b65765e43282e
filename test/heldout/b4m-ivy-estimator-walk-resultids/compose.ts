// b4m-ivy-estimator-walk-resultids: Ivy's own pricing, cut and compactContext over src/core, with
// three planted mistakes (units, boundary, record), each switchable. Its §8 choices are src/core's.
import { makerOf } from "../_kit/assemble";
import { reference } from "../_kit/impl";
import { boundaryWith, estimateWith } from "./ledger";
import { compactContext } from "./flow";

export const PLANTED = ["invisible-characters-free", "group-priced-by-first-message", "result-listed-by-call-id"];

export const make = makerOf(PLANTED, (enabled) => ({
  ...reference,
  estimateContextUnits: estimateWith(enabled),
  selectCompactionBoundary: boundaryWith(enabled),
  compactContext: (input: unknown, options: unknown) => compactContext(input, options, enabled),
}));
