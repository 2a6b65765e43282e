// A submission: src/core behind Ren's tidy-up layer (every planted mistake on).
import { PLANTED, layerWith } from "./layer";
export * from "../../../src/core/index";

const own = layerWith(new Set(PLANTED));
export const buildActiveContext = own.buildActiveContext;
export const estimateContextUnits = own.estimateContextUnits;
export const selectCompactionBoundary = own.selectCompactionBoundary;
export const compactContext = own.compactContext;
