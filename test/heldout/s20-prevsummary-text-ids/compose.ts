// A request mistake and a record mistake, the first at step 4, the second at step 8: the request's
// previousSummary is the previous summary's content; the previous summary's id is listed first in the
// record's compactedMessageIds.
import { maker } from "../_kit/assemble";
import { recordMistake20, requestMistake20 } from "../_kit/s20";

export const make = maker({ "previous-summary-as-text": requestMistake20({ previousAsText: true }), "compacted-ids-include-summary-id": recordMistake20({ idsIncludeSummaryId: true }) });
