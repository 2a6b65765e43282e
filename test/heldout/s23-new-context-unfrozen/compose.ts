// One mistake in the student's result of step 8 (a wrapper of the reference): the new context is a
// fresh object literal, not frozen.
import { maker } from "../_kit/assemble";
import { newContextUnfrozen } from "../_kit/s23";

export const make = maker({ "new-context-unfrozen": newContextUnfrozen });
