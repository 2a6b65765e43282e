// A submission: src/core, with Ivy's own estimateContextUnits, selectCompactionBoundary and
// compactContext (every planted mistake on).
import { boundaryWith, estimateWith } from "./ledger";
import { compactContext as own } from "./flow";
import { PLANTED } from "./compose";
export * from "../../../src/core/index";

const planted = new Set(PLANTED);
export const estimateContextUnits = estimateWith(planted);
export const selectCompactionBoundary = boundaryWith(planted);
export const compactContext = (input: unknown, options: unknown): Promise<unknown> => own(input, options, planted);
