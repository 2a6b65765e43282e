// A submission: src/core, with Sol's layer around compactContext (every planted mistake on).
import { PLANTED, compactWith } from "./wrap";
export * from "../../../src/core/index";

export const compactContext = compactWith(new Set(PLANTED));
