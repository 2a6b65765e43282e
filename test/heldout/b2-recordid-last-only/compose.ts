// One mistake (rewrite of compactContext's step 3 record-id check): recordId is compared with the last old record's id only, so a
// recordId used by an earlier record is accepted and the new context holds two records with one id.
import { maker } from "../_kit/assemble";
import { recordIdCheckedAgainstLastOnly } from "../_kit/b2a";

export const make = maker({ "recordid-checked-against-last-only": recordIdCheckedAgainstLastOnly });
