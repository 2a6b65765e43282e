import { compactWith } from "../_kit/compact-with";
import { boundaryOf } from "./boundary";
export * from "../../../src/core/index";
export { selectCompactionBoundary } from "./boundary";
export const compactContext = compactWith({ boundaryOf });
