// One mistake (rewrite of the boundary walk, used by selectCompactionBoundary and compactContext):
// the student counts what is kept with their estimate of { requirements, messages: suffix }
// beside fixed = requirements + summaryMaxUnits, so the requirements are counted twice and the
// cut comes too late (or not at all).
import { maker } from "../_kit/assemble";
import { walkMistake17 } from "../_kit/s17";

export const make = maker({ "requirements-counted-twice": walkMistake17({ requirementsTwice: true }) });
