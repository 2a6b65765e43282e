import { compactWith } from "../_kit/compact-with";
import { boundaryOf } from "../../../src/core/boundary";
import { contextInfo } from "../../../src/core/snapshot";
import { readBoundaryOptions, readCompactOptions } from "./options";
export * from "../../../src/core/index";

export function selectCompactionBoundary(context: unknown, options: unknown): number | null {
  // As the reference: the context is built before the options are read.
  const info = contextInfo(context);
  return boundaryOf(info, readBoundaryOptions(options));
}
export const compactContext = compactWith({ readOptions: readCompactOptions });
