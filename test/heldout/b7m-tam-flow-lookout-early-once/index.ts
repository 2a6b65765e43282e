// A submission: src/core, with Tam's own compactContext and signal lookout (every planted mistake on).
import { PLANTED, compactContext as own, newMemory } from "./flow";
export * from "../../../src/core/index";

const planted = new Set(PLANTED);
const memory = newMemory();
export const compactContext = (input: unknown, options: unknown): Promise<unknown> => own(input, options, planted, memory);
