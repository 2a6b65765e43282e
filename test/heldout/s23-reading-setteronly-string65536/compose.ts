// Two mistakes in the student's reader (§3): an accessor told by its getter alone, so a setter-only
// field is read as undefined; one string's ceiling exclusive (65,536 code points refused).
import { maker } from "../_kit/assemble";
import { setterOnlyReadAsUndefined, string65536Refused } from "../_kit/s23";

export const make = maker({ "setter-only-read-as-undefined": setterOnlyReadAsUndefined, "string-65536-refused": string65536Refused });
