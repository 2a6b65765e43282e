// Two reading mistakes (wrappers): a message id is checked with `id.length > 0`, so an id of
// only whitespace is accepted; and requirement ids are never compared, so two requirements
// with the same id are accepted.
import { maker } from "../_kit/assemble";
import { acceptDespite, fixDuplicateRequirementIds, fixWhitespaceIds } from "../_kit/s12";

export const make = maker({
  "whitespace-id-accepted": acceptDespite(fixWhitespaceIds),
  "duplicate-requirement-id-accepted": acceptDespite(fixDuplicateRequirementIds),
});
