// One mistake (rewrite of groupToolRounds): a tool round's messages list holds only the
// assistants with tool calls and their results, so a user message (or a text-only assistant)
// standing inside the round's interval is left out of the group's messages; the indices stay right.
import { maker } from "../_kit/assemble";
import { groupsMistake17 } from "../_kit/s17";

export const make = maker({ "group-messages-results-only": groupsMistake17({ resultsOnly: true }) });
