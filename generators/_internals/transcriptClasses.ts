import type { MessageData } from "../../src/scenario/data";

/**
 * The classes a valid transcript reaches, read from the transcript itself (not from what the
 * generator intended), so coverage statistics cannot lie.
 */
export function transcriptClasses(messages: readonly MessageData[]): string[] {
  const labels = new Set<string>();
  const n = messages.length;
  labels.add(n === 0 ? "size:empty" : n < 10 ? "size:few" : n < 100 ? "size:tens" : n < 3900 ? "size:hundreds" : "size:near-limit");
  const callAt = new Map<string, number>();
  const resultAt = new Map<string, number>();
  const callOrder: string[] = [];
  messages.forEach((m, i) => {
    if (m.role === "assistant") {
      const kinds = m.content.map((b) => b.type);
      const calls = kinds.filter((k) => k === "toolCall").length;
      if (calls === 0) labels.add(kinds.length === 0 ? "assistant:empty" : "assistant:text-only");
      else if (calls === kinds.length) labels.add("assistant:calls-only");
      else labels.add("assistant:text-and-calls");
      if (calls >= 2) labels.add("calls:several-in-one-message");
      if (kinds[0] === "text" && kinds[kinds.length - 1] === "text" && calls > 0) labels.add("assistant:text-around-calls");
      for (const b of m.content) {
        if (b.type === "toolCall") {
          callAt.set(b.id, i);
          callOrder.push(b.id);
        }
      }
    } else if (m.role === "toolResult") resultAt.set(m.toolCallId, i);
  });
  // Results out of call order: a later call answered before an earlier one.
  let latestAnswered = -1;
  for (const id of callOrder) {
    const r = resultAt.get(id) ?? -1;
    if (r < latestAnswered) labels.add("results:out-of-call-order");
    latestAnswered = Math.max(latestAnswered, r);
  }
  for (const [id, c] of callAt) {
    const r = resultAt.get(id)!;
    if (r - c >= 8) labels.add("result:long-distance");
    for (let k = c + 1; k < r; k++) {
      const between = messages[k]!;
      if (between.role === "user") labels.add("result-after-user");
      else if (between.role === "toolResult") labels.add("result-after-other-result");
      else if (between.content.some((b) => b.type === "toolCall")) labels.add("result-after-other-call");
    }
  }
  // Intervals per assistant with calls: overlapping (interleaved) and nested rounds.
  const intervals: [number, number][] = [];
  messages.forEach((m, i) => {
    if (m.role !== "assistant") return;
    const ends = m.content.flatMap((b) => (b.type === "toolCall" ? [resultAt.get(b.id)!] : []));
    if (ends.length > 0) intervals.push([i, Math.max(...ends)]);
  });
  for (let a = 0; a < intervals.length; a++) {
    for (let b = a + 1; b < intervals.length; b++) {
      const [s1, e1] = intervals[a]!;
      const [s2, e2] = intervals[b]!;
      if (s2 > e1) continue;
      labels.add(e2 < e1 ? "round:nested" : "round:overlapping");
      if (s1 < s2) labels.add("round:interleaved");
    }
  }
  if (intervals.length >= 2) labels.add("round:several");
  return [...labels];
}
