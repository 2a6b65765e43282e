// One mistake (rewrite of the fast-path test): the context is returned unchanged only when
// `units < maxUnits`, so a context of exactly maxUnits is compacted (the summarizer is called).
import { maker } from "../_kit/assemble";

export const make = maker({ "fastpath-strict": { parts: { small: (units, maxUnits) => units < maxUnits } } });
