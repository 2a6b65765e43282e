// A submission: src/core, with Nia's own compactContext (every planted mistake on).
import { compactContext as own } from "./flow";
export * from "../../../src/core/index";

const PLANTED = new Set(["compacted-ids-last-group-only", "units-after-keeps-old-summary"]);
export const compactContext = (input: unknown, options: unknown): Promise<unknown> => own(input, options, PLANTED);
