// A submission: src/core behind Pat's layer (every planted mistake on).
import type * as core from "../../../src/core/index";
import { reference } from "../_kit/impl";
import { PLANTED, layer } from "./layer";
export * from "../../../src/core/index";

const layered = layer(reference, new Set(PLANTED));
export const compactContext = layered.compactContext as typeof core.compactContext;
