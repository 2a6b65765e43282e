// `compaction-check/adapters`: what an adapter file imports to audit a compactor with
// `compaction-check audit <file>` (docs/adapters.md): defineAdapter, the types of the adapter and
// of the message IR it converts to and from, and groupAdjacentResults for libraries that put the
// results of one assistant message in one message.
export { defineAdapter } from "../adapters/adapter";
export type { Adapter, AnyAdapter, BudgetReading, Claim, PropertyId } from "../adapters/adapter";
export { groupAdjacentResults } from "../adapters/ir";
export type { AuditCall, AuditMessage, OutputMessage, Shape } from "../adapters/ir";
