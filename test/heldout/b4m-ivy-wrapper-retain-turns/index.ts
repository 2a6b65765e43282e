// A submission: src/core under Ivy's layer (every planted mistake on).
import { PLANTED, compactWith, selectWith } from "./layers";
export * from "../../../src/core/index";

const planted = new Set(PLANTED);
export const selectCompactionBoundary = selectWith(planted);
export const compactContext = compactWith(planted);
