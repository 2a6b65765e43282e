// Two mistakes of the student's options reader of §6: a target no cut can reach (requirements
// plus summaryMaxUnits above it) refused as an invalid budget; options inheriting their fields
// from another object read as if plain.
import { maker } from "../_kit/assemble";
import { optionsPrototypeAccepted, unreachableTargetRefused } from "../_kit/s21";

export const make = maker({
  "unreachable-target-refused": unreachableTargetRefused,
  "options-prototype-accepted": optionsPrototypeAccepted,
});
