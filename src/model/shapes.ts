import type { Json } from "../scenario/data";

// Shapes the model's stages pass to one another, at the bottom of its imports: the answers of
// one section that the next one takes (and that src/model/upstream.ts lets a subject give).

/** A group of §5, as the model computes it. */
export type ModelGroup = { kind: "message" | "toolRound"; startIndex: number; endIndex: number };

/** The options of §6 that decide the boundary. */
export type BoundaryOptions = { targetUnits: number; summaryMaxUnits: number; retainRecentMessages: number };

/** Why the boundary walk ended: generators label scenarios by it. */
export type BoundaryReason = "found" | "retention" | "crossing" | "unreachable";

/**
 * What awaiting the summarizer's value yields (§7 steps 4 and 5): a value, or the allowed codes.
 * `orCodes`: the value may also be refused with these codes (§8, e.g. a Proxy value).
 */
export type Settled = { kind: "value"; value: Json; orCodes?: string[] } | { kind: "fails"; codes: string[] };
