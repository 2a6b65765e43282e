// One mistake (a wrapper that post-checks the summary): a summary whose units are not below those of the messages it
// compacts is refused with CONTEXT_SUMMARY_INSUFFICIENT.
import { maker } from "../_kit/assemble";
import { summaryNotShorterRefused } from "../_kit/b2a";

export const make = maker({ "summary-not-shorter-refused": summaryNotShorterRefused });
