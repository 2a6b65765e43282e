import { make } from "./compose";
export * from "../../../src/core/index";
export const { buildActiveContext, groupToolRounds, estimateContextUnits, selectCompactionBoundary, compactContext } = make.all();
