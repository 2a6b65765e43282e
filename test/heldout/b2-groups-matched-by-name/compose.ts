// One mistake (rewrite of groupToolRounds and the boundary walk over it): a tool result is matched to the latest assistant that called a tool of its
// toolName, not to the call its toolCallId names, so a result of an earlier call of the same
// tool is taken into the later assistant's round and the earlier assistant's round ends too soon.
import { maker } from "../_kit/assemble";
import { walkMistakeB2 } from "../_kit/b2a";

export const make = maker({ "results-matched-by-tool-name": walkMistakeB2({ matchByName: true }) });
