// One mistake (wrapper around estimateContextUnits): each compaction record is counted by its strings,
// u(id) + u(summaryId) + Σ u(compactedMessageIds); records cost nothing.
import { maker } from "../_kit/assemble";
import { recordsCountedInUnits } from "../_kit/b2a";

export const make = maker({ "records-counted-in-units": recordsCountedInUnits });
