// A submission: src/core behind the student's guard layer (every planted mistake on).
import * as core from "../../../src/core/index";
import { reference } from "../_kit/impl";
import { PLANTED, guard } from "./guard";
export * from "../../../src/core/index";

const guarded = guard(reference, new Set(PLANTED));
export const selectCompactionBoundary = guarded.selectCompactionBoundary as typeof core.selectCompactionBoundary;
export const compactContext = guarded.compactContext as typeof core.compactContext;
