// Two mistakes in the student's reader of the options of §6 (both exports): targetUnits 1,000,000
// refused (the check is < 1,000,000); an array accepted as options (typeof options === "object").
import { maker } from "../_kit/assemble";
import { optionsArrayAccepted, targetMillionRefused } from "../_kit/s23";

export const make = maker({ "target-million-refused": targetMillionRefused, "options-array-accepted": optionsArrayAccepted });
