// A submission: src/core, with Lea's own compactContext and boundary walk (every planted mistake on).
import { PLANTED, compactContext as own, selectCompactionBoundary as walk } from "./flow";
export * from "../../../src/core/index";

const ON = new Set<string>(PLANTED);
export const selectCompactionBoundary = (input: unknown, options: unknown): number | null => walk(input, options, ON);
export const compactContext = (input: unknown, options: unknown): Promise<unknown> => own(input, options, ON);
