// A submission: src/core with Ren's own reader of a context (every planted mistake on).
import { PLANTED, readerWith } from "./reader";
export * from "../../../src/core/index";

const own = readerWith(new Set(PLANTED));
export const buildActiveContext = own.buildActiveContext;
export const estimateContextUnits = own.estimateContextUnits;
export const selectCompactionBoundary = own.selectCompactionBoundary;
export const compactContext = own.compactContext;
