// A submission: src/core, with the student's own compactContext (every planted mistake on).
import { compactContext as own } from "./flow";
export * from "../../../src/core/index";

const PLANTED = new Set(["sync-text-skips-signal", "record-boundary-as-kept-count", "units-before-of-new-context"]);
export const compactContext = (input: unknown, options: unknown): Promise<unknown> => own(input, options, PLANTED);
