// Checkpoint 11: active context, units, tool-round groups, boundary selection, compaction.
export { buildActiveContext, estimateContextUnits } from "./internal/snapshot";
export { groupToolRounds } from "./internal/groups";
export { selectCompactionBoundary } from "./internal/boundary";
export { compactContext } from "./internal/compaction";
