import type { MessageData } from "../scenario/data";
import type { ModelGroup } from "./shapes";
import { upstreamGroups } from "./upstream";

export type { ModelGroup } from "./shapes";

/**
 * Section 5 on a valid transcript: one closed interval per assistant with calls (from it to
 * the last result of any of its calls); overlapping or nested intervals merge; every other
 * message is its own group.
 */
export function modelGroups(transcript: readonly MessageData[]): ModelGroup[] {
  const upstream = upstreamGroups(transcript);
  if (upstream !== undefined) return upstream.map((g) => ({ ...g }));
  const resultIndex = new Map<string, number>();
  transcript.forEach((m, index) => {
    if (m.role === "toolResult") resultIndex.set(m.toolCallId, index);
  });
  const intervals: [number, number][] = [];
  transcript.forEach((m, index) => {
    if (m.role !== "assistant") return;
    let last = -1;
    for (const block of m.content) {
      if (block.type === "toolCall") last = Math.max(last, resultIndex.get(block.id) ?? index);
    }
    if (last >= 0) intervals.push([index, last]);
  });
  // Intervals are already sorted by start (one per assistant, in transcript order).
  const merged: [number, number][] = [];
  for (const [start, end] of intervals) {
    const top = merged[merged.length - 1];
    if (top !== undefined && start <= top[1]) top[1] = Math.max(top[1], end);
    else merged.push([start, end]);
  }
  const groups: ModelGroup[] = [];
  let next = 0;
  for (const [start, end] of merged) {
    for (; next < start; next++) groups.push({ kind: "message", startIndex: next, endIndex: next + 1 });
    groups.push({ kind: "toolRound", startIndex: start, endIndex: end + 1 });
    next = end + 1;
  }
  for (; next < transcript.length; next++) groups.push({ kind: "message", startIndex: next, endIndex: next + 1 });
  return groups;
}
