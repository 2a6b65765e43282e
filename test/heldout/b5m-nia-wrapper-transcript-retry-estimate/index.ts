// A submission: src/core behind Nia's layer (every planted mistake on).
import { make } from "./compose";
export * from "../../../src/core/index";

const submitted = make.all();
export const buildActiveContext = submitted.buildActiveContext;
export const groupToolRounds = submitted.groupToolRounds;
export const estimateContextUnits = submitted.estimateContextUnits;
export const selectCompactionBoundary = submitted.selectCompactionBoundary;
export const compactContext = submitted.compactContext;
