// A submission: src/core behind Uma's layer (every planted mistake on).
import { PLANTED, layerWith } from "./layer";
export * from "../../../src/core/index";

const uma = layerWith(new Set(PLANTED));
export const buildActiveContext = uma.buildActiveContext;
export const estimateContextUnits = uma.estimateContextUnits;
export const groupToolRounds = uma.groupToolRounds;
export const selectCompactionBoundary = uma.selectCompactionBoundary;
export const compactContext = uma.compactContext;
