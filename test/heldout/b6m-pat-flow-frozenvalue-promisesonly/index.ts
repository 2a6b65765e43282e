// A submission: src/core, with Pat's own compactContext (every planted mistake on).
import { PLANTED, compactContext as own } from "./flow";
export * from "../../../src/core/index";

const planted = new Set(PLANTED);
export const compactContext = (input: unknown, options: unknown): Promise<unknown> => own(input, options, planted);
