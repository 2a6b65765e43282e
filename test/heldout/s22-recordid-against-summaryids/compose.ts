// One mistake (the student's step 3): recordId compared with the old records' summaryId.
import { maker } from "../_kit/assemble";
import { recordIdComparedWithSummaryIds } from "../_kit/s22";

export const make = maker({ "recordid-compared-with-summaryids": recordIdComparedWithSummaryIds });
