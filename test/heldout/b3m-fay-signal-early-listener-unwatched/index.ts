// A submission: src/core, with the student's own compactContext (every planted mistake on).
import { compactContext as own } from "./flow";
export * from "../../../src/core/index";

const PLANTED = new Set(["unwatchable-signal-used"]);
export const compactContext = (input: unknown, options: unknown): Promise<unknown> => own(input, options, PLANTED);
