// Three units mistakes in the student's own estimateContextUnits: an assistant's text blocks
// counted as one joined text; 0 and false counted 1, like null; message content counted trimmed.
import { flagMaker } from "../_kit/s19";
import { unitsMistake21, type UnitFlags21 } from "../_kit/s21";

export const make = flagMaker<UnitFlags21>(
  { "text-blocks-counted-joined": "textBlocksJoined", "falsy-json-as-null": "falsyAsNull", "message-content-trimmed": "contentTrimmed" },
  (flags) => [unitsMistake21(flags)],
);
