// Three units mistakes, each in a different row of §4, in the student's own estimateContextUnits:
// u(s) counted in UTF-8 bytes; a tool-call block counted without u(name); a user message counted
// with the base 3 of a requirement.
import { flagMaker, unitsMistake19, type UnitFlags19 } from "../_kit/s19";

export const make = flagMaker<UnitFlags19>(
  { "u-utf8-bytes": "utf8Bytes", "toolcall-name-not-counted": "callNameMissing", "user-base-3": "userBase3" },
  (flags) => [unitsMistake19(flags)],
);
