// A submission: src/core, with Uma's own reader of tool-call arguments (every planted mistake on).
import { exportsWith } from "./exports";
import { PLANTED } from "./json";
export * from "../../../src/core/index";

const uma = exportsWith(new Set(PLANTED));
export const buildActiveContext = uma.buildActiveContext;
export const estimateContextUnits = uma.estimateContextUnits;
export const groupToolRounds = uma.groupToolRounds;
export const selectCompactionBoundary = uma.selectCompactionBoundary;
export const compactContext = uma.compactContext;
