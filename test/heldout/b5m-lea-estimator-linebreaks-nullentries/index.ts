// A submission: src/core, with Lea's own estimator and boundary walk (every planted mistake on).
import { compactWith } from "../_kit/compact-with";
import { PLANTED, boundaryWith, estimateWith, partsWith } from "./estimate";
export * from "../../../src/core/index";

const ON = new Set<string>(PLANTED);
export const estimateContextUnits = estimateWith(ON);
export const selectCompactionBoundary = boundaryWith(ON);
export const compactContext = compactWith(partsWith(ON));
