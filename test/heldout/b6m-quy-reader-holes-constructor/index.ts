// A submission: src/core behind Quy's own snapshot reader (every planted mistake on).
import { PLANTED, reader } from "./reader";
export * from "../../../src/core/index";

const impl = reader(new Set(PLANTED));
export const buildActiveContext = impl.buildActiveContext;
export const groupToolRounds = impl.groupToolRounds;
export const estimateContextUnits = impl.estimateContextUnits;
export const selectCompactionBoundary = impl.selectCompactionBoundary;
export const compactContext = impl.compactContext;
