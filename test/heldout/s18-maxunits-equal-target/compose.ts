// One mistake (rewrite of compactContext's options reader): the cross-check of maxUnits is
// strict (targetUnits < maxUnits), so a maxUnits equal to targetUnits is refused with
// CONTEXT_INVALID_BUDGET.
import { maker } from "../_kit/assemble";
import { maxUnitsEqualTargetRefused } from "../_kit/s18";

export const make = maker({ "maxunits-equal-target-refused": maxUnitsEqualTargetRefused });
