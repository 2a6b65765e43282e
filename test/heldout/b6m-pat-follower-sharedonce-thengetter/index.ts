// A submission: src/core with Pat's own waiting step in its compactContext (every planted mistake on).
import type * as core from "../../../src/core/index";
import { compactWith } from "../_kit/compact-with";
import { PLANTED, followWith } from "./follow";
export * from "../../../src/core/index";

export const compactContext = compactWith({ awaitValue: followWith(new Set(PLANTED)) }) as unknown as typeof core.compactContext;
