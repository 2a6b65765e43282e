// Refuses every input as an invalid transcript: nothing is ever computed. Its one "mistake"
// explains every failure, so it must earn nothing where it shows nothing.
import * as core from "../../../../src/core/index";

export * from "../../../../src/core/index";

const refuse = (): never => {
  throw new core.ContextCompactionError("CONTEXT_INVALID_TRANSCRIPT", "refused");
};
export const buildActiveContext: typeof core.buildActiveContext = refuse;
export const estimateContextUnits: typeof core.estimateContextUnits = refuse;
export const selectCompactionBoundary: typeof core.selectCompactionBoundary = refuse;
export const compactContext: typeof core.compactContext = async () => refuse();
