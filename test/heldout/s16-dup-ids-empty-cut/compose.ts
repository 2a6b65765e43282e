// A reading mistake and a boundary mistake: the student's reader refuses two messages with the
// same id (layer, outermost, so it reads before the rest), and their boundary walk tries the cut
// at 0 first, answering 0 for a context that fits already (rewrite of the walk).
import { assemble, makerOf } from "../_kit/assemble";
import { duplicateMessageIdRefused, walkMistake16 } from "../_kit/s16";

export const make = makerOf(["duplicate-message-id-refused", "empty-cut-tried"], (enabled) =>
  assemble([
    ...(enabled.has("empty-cut-tried") ? [walkMistake16({ emptyCutTried: true })] : []),
    ...(enabled.has("duplicate-message-id-refused") ? [duplicateMessageIdRefused] : []),
  ]),
);
