import { compactWith } from "../_kit/compact-with";
import { awaitValue } from "./observe-async";
export * from "../../../src/core/index";
export const compactContext = compactWith({ awaitValue });
