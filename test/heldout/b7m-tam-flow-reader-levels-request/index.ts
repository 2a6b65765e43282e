// A submission: src/core, with Tam's own selectCompactionBoundary and compactContext (every planted mistake on).
import { PLANTED, compactContext as ownCompact, newMemory, selectCompactionBoundary as ownBoundary } from "./flow";
export * from "../../../src/core/index";

const planted = new Set(PLANTED);
const memory = newMemory();
export const selectCompactionBoundary = (input: unknown, options: unknown): number | null => ownBoundary(input, options, planted);
export const compactContext = (input: unknown, options: unknown): Promise<unknown> => ownCompact(input, options, planted, memory);
