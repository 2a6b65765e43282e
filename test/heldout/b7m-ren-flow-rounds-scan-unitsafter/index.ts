// A submission: src/core with Ren's own tool rounds, boundary walk and compactContext (every planted mistake on).
import { PLANTED, compactContextWith, groupToolRoundsWith, selectCompactionBoundaryWith } from "./flow";
export * from "../../../src/core/index";

const planted = new Set(PLANTED);
export const groupToolRounds = groupToolRoundsWith(planted);
export const selectCompactionBoundary = selectCompactionBoundaryWith(planted);
export const compactContext = compactContextWith(planted);
