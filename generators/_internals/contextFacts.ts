import type { ContextData, MessageData } from "../../src/scenario/data";
import type { BuiltContext } from "../../src/model";
import { modelBuild, modelContextUnits, modelGroups, modelRequirementsUnits, suffixUnits } from "../../src/model";

/** What budgets are derived from: the context's own units, as the model counts them. */
export type ContextFacts = {
  /** The input the facts were computed from (channels may be left out). */
  data: ContextData;
  ctx: BuiltContext;
  units: number;
  requirementUnits: number;
  /** Units of the current summary (0 without one). */
  summaryUnits: number;
  n: number;
  /** Group ends, oldest first. */
  ends: number[];
  /** Tool rounds of at least two messages (where a cut can fall inside). */
  rounds: { startIndex: number; endIndex: number }[];
  suffix: number[];
};

export function contextFacts(data: ContextData): ContextFacts {
  const built = modelBuild(data as never);
  if (!built.ok) throw new Error(`generators: expected a valid context, the model says ${built.codes.join(", ")}`);
  const ctx = built.context;
  const groups = modelGroups(ctx.messages);
  const requirementUnits = modelRequirementsUnits(ctx.requirements);
  const units = modelContextUnits(ctx);
  const suffix = suffixUnits(ctx);
  return {
    data,
    ctx,
    units,
    requirementUnits,
    summaryUnits: units - requirementUnits - suffix[0]!,
    n: ctx.messages.length,
    ends: groups.map((g) => g.endIndex),
    rounds: groups.filter((g) => g.kind === "toolRound"),
    suffix,
  };
}

/** Message and call ids no generated transcript uses (generated ids end in a digit); short, as counterexamples print them. */
const fillerUser = (content: string): MessageData => ({ id: "old", role: "user", content });

/** Prepends an old user message, so a compaction has something worth summarizing. */
export function withOldMessage(data: ContextData, content = "an old message worth summarizing"): ContextData {
  return { ...data, messages: [fillerUser(content), ...(data.messages ?? [])] };
}

/** Appends a complete tool round (call + user in between + result), so a cut can fall inside one. */
export function withToolRound(data: ContextData): ContextData {
  const round: MessageData[] = [
    { id: "fa", role: "assistant", content: [{ type: "toolCall", id: "fc", name: "lookup", arguments: { q: "x" } }] },
    fillerUser("meanwhile"),
    { id: "fr", role: "toolResult", toolCallId: "fc", toolName: "lookup", content: "found", isError: false },
  ];
  return { ...data, messages: [...(data.messages ?? []), ...round] };
}
