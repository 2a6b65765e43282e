// A fast-path mistake and a summary-validation mistake: the context is returned unchanged only
// when it is within targetUnits (not maxUnits), and the summary is never compared with
// summaryMaxUnits (only the compacted context with targetUnits).
import { maker } from "../_kit/assemble";
import { fastpathUsesTarget, summaryMaxNotChecked } from "../_kit/s13";

export const make = maker({
  "fastpath-uses-target": fastpathUsesTarget,
  "summarymax-not-checked": summaryMaxNotChecked,
});
