// A submission: src/core, with Oda's layer over compactContext (every planted mistake on).
import { reference } from "../_kit/impl";
import { PLANTED, layerWith } from "./layer";
export * from "../../../src/core/index";

const own = layerWith(new Set<string>(PLANTED))(reference);
export const compactContext = own.compactContext;
