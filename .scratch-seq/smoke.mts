import * as core from "/work/main/src/core";
import { createDriver } from "/work/main/src/driver";
import { expectedFor } from "/work/main/src/model";
import type { Scenario } from "/work/main/src/scenario";
const u = (id: string, content: string) => ({ kind: "user" as const, message: { id, role: "user" as const, content } });
const compact = (n: number, keep = 30, abort: any = "none", summarizer: any = { kind: "text", text: "sum " + n, delivery: "sync" }) => ({ kind: "compact" as const, summarizer, abort, summaryId: "s" + n, recordId: "r" + n, budget: { keepPercent: keep, summaryRoom: 10, retainRecentMessages: 0, trigger: "over" as const } });
const scenario: Scenario = { operation: { kind: "program", requirements: [{ id: "q", content: "req" }], steps: [
  u("m1", "hello there this is long"), u("m2", "another message that is long"), compact(1),
  { kind: "open", message: { id: "a1", role: "assistant", content: [{ type: "toolCall", id: "c1", name: "t", arguments: { x: 1 } }] } },
  u("m3", "while open"), compact(2),
  { kind: "close", message: { id: "t1", role: "toolResult", toolCallId: "c1", toolName: "t", content: "ok", isError: false } },
  u("m4", "more text to compact away"), compact(3), compact(4, 0, "none", { kind: "throw", value: "x" }), compact(5, 0, "inSummarizer"), compact(6, 0),
] } };
const obs = await createDriver(core as any).observe(scenario);
const exp = expectedFor(scenario) as any;
for (const s of obs.steps!) {
  const e = exp.value.steps[s.step];
  const o = s.outcome.kind === "returned" ? (s.call === "compact" ? (s.outcome.value as any).status : "built") : s.outcome.kind === "threw" ? s.outcome.error.code : s.outcome.kind;
  const ee = e.expected.kind === "returns" ? (e.call === "compact" ? e.expected.value.status : "built") : e.expected.codes.join("|");
  console.log(s.step, s.call, o, ee, JSON.stringify(s.options), JSON.stringify(e.options), s.pending, e.pending, s.summarizerCalls.length);
}
console.log(obs.outcome.kind, JSON.stringify(obs.outcome).length);
