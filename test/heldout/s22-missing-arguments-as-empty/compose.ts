// One mistake (the student's reader): a tool call without arguments read as arguments {}.
import { maker } from "../_kit/assemble";
import { missingArgumentsAsEmpty } from "../_kit/s22";

export const make = maker({ "missing-arguments-as-empty": missingArgumentsAsEmpty });
