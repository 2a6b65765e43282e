// Three mistakes in what compaction writes (wrappers): unitsBefore of the messages only, the new
// summary keeping the old id, and an unfrozen request.
import { maker } from "../_kit/assemble";
import { make as unitsBefore } from "../units-before-messages-only/compose";
import { make as oldId } from "../new-summary-keeps-old-id/compose";
import { make as request } from "../request-unfrozen/compose";

export const make = maker({ ...request.defs, ...unitsBefore.defs, ...oldId.defs });
