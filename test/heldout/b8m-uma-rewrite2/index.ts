// A submission: src/core, with Uma's own tool rounds, walk and record writer (every planted mistake on).
import { PLANTED, exportsWith } from "./exports";
export * from "../../../src/core/index";

const uma = exportsWith(new Set(PLANTED));
export const groupToolRounds = uma.groupToolRounds;
export const selectCompactionBoundary = uma.selectCompactionBoundary;
export const compactContext = uma.compactContext;
