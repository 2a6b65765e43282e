import type { ContextData, Json, MessageData, RequirementData, SummaryData } from "../scenario/data";
import { specialTag } from "./special";
import { upstreamCodePoints, upstreamItemUnits } from "./upstream";

// Section 4, one line of the table per function.

/**
 * Code points = UTF-16 units minus well-formed surrogate pairs (a high unit directly followed
 * by a low one is two units for one code point; a lone surrogate stays one). Counted by a
 * non-unicode regex on purpose: a technique unlike a code-point iterator.
 */
export function modelCodePoints(s: string): number {
  const upstream = upstreamCodePoints(s);
  if (upstream !== undefined) return upstream;
  const pairs = s.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g);
  return s.length - (pairs === null ? 0 : pairs.length);
}

export function modelJsonUnits(value: Json): number {
  if (value === null) return 1;
  if (value === true) return 5;
  if (value === false) return 6;
  if (typeof value === "number") return 1 + String(value).length;
  if (typeof value === "string") return 1 + modelCodePoints(value);
  if (Array.isArray(value)) {
    let sum = 2;
    for (const item of value) sum += 1 + modelJsonUnits(item);
    return sum;
  }
  const tag = specialTag(value);
  if (tag === "-0") return 1 + String(-0).length;
  if (tag !== null) throw new Error(`model: J(${tag}) is not defined, the value is not JSON`);
  let sum = 2;
  for (const key of Object.keys(value)) sum += 1 + modelCodePoints(key) + modelJsonUnits(value[key]!);
  return sum;
}

export function modelRequirementUnits(r: RequirementData): number {
  const upstream = upstreamItemUnits("requirement", r);
  if (upstream !== undefined) return upstream;
  return 3 + modelCodePoints(r.id) + modelCodePoints(r.content);
}

export function modelSummaryUnits(s: SummaryData): number {
  const upstream = upstreamItemUnits("summary", s);
  if (upstream !== undefined) return upstream;
  return 5 + modelCodePoints(s.id) + modelCodePoints(s.content);
}

export function modelMessageUnits(m: MessageData): number {
  const upstream = upstreamItemUnits("message", m);
  if (upstream !== undefined) return upstream;
  switch (m.role) {
    case "user":
      return 4 + modelCodePoints(m.id) + modelCodePoints(m.content);
    case "toolResult":
      return (
        7 + modelCodePoints(m.id) + modelCodePoints(m.toolCallId) + modelCodePoints(m.toolName) + modelCodePoints(m.content)
      );
    case "assistant": {
      let sum = 4 + modelCodePoints(m.id);
      for (const block of m.content) {
        sum +=
          block.type === "text"
            ? 2 + modelCodePoints(block.text)
            : 6 + modelCodePoints(block.id) + modelCodePoints(block.name) + modelJsonUnits(block.arguments);
      }
      return sum;
    }
  }
}

export function modelMessagesUnits(messages: readonly MessageData[]): number {
  let sum = 0;
  for (const m of messages) sum += modelMessageUnits(m);
  return sum;
}

export function modelRequirementsUnits(requirements: readonly RequirementData[]): number {
  let sum = 0;
  for (const r of requirements) sum += modelRequirementUnits(r);
  return sum;
}

/** Requirements + summary (if any) + messages; compaction records cost nothing. */
export function modelContextUnits(ctx: ContextData): number {
  const summary = ctx.summary ?? null;
  return (
    modelRequirementsUnits(ctx.requirements ?? []) +
    (summary === null ? 0 : modelSummaryUnits(summary)) +
    modelMessagesUnits(ctx.messages ?? [])
  );
}
