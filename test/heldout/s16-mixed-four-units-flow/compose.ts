// Four mistakes in four criteria, a student's rewrite of their units module and of the
// compaction flow: the estimator counts a tool result's content as a JSON string (1 + u); the
// fast path compares the messages' units alone with maxUnits; the boundary of compactContext is
// fitted against maxUnits; and the new context drops the requirements.
import { assemble, makerOf } from "../_kit/assemble";
import { fastpathCountsMessagesOnly, recordMistake16, unitsMistake16, walkMistake16 } from "../_kit/s16";

const IDS = ["result-content-as-json-string", "fastpath-counts-messages-only", "fit-against-maxunits", "requirements-dropped-after-compaction"];

export const make = makerOf(IDS, (enabled) =>
  assemble([
    ...(enabled.has("fit-against-maxunits") ? [walkMistake16({ fitAgainstMaxUnits: true })] : []),
    ...(enabled.has("fastpath-counts-messages-only") ? [fastpathCountsMessagesOnly] : []),
    ...(enabled.has("requirements-dropped-after-compaction") ? [recordMistake16({ requirementsDropped: true })] : []),
    ...(enabled.has("result-content-as-json-string") ? [unitsMistake16({ resultContentJson: true })] : []),
  ]),
);
