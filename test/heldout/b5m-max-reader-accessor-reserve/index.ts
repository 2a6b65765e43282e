// A submission: src/core with the student's own options reader (every planted mistake on).
import type * as core from "../../../src/core/index";
import { PLANTED, boundaryWith, compactWithReader } from "./compose";
export * from "../../../src/core/index";

const planted = new Set(PLANTED);
export const selectCompactionBoundary = boundaryWith(planted) as typeof core.selectCompactionBoundary;
export const compactContext = compactWithReader(planted) as typeof core.compactContext;
