// A submission: src/core behind Quy's layer (every planted mistake on).
import { PLANTED, layer } from "./wrapper";
export * from "../../../src/core/index";

const impl = layer(new Set(PLANTED));
export const buildActiveContext = impl.buildActiveContext;
export const groupToolRounds = impl.groupToolRounds;
export const estimateContextUnits = impl.estimateContextUnits;
export const selectCompactionBoundary = impl.selectCompactionBoundary;
export const compactContext = impl.compactContext;
