// A units mistake and an unhandled rejection: the student's estimator counts a JSON object
// without its base 2 (rewrite), and their compactContext logs the summarizer's promise with a
// then that has no rejection handler, so a rejected summary leaves an unhandled rejection.
import { maker } from "../_kit/assemble";
import { summarizerRejectionUnhandled, unitsMistake16 } from "../_kit/s16";

export const make = maker({ "json-object-base-missing": unitsMistake16({ objectBaseMissing: true }), "summarizer-rejection-unhandled": summarizerRejectionUnhandled });
