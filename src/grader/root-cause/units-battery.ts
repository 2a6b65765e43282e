import type { Json } from "../../scenario/data";
import type { UpstreamProbe } from "./probe";
import { itemFinding, type UnitsFinding } from "./refine-units";
import type { RuleId } from "./rules";

// Rows of §4 a units mistake hides behind another. A property's smallest counterexample shows the
// first row of §4's table that departs (shrinking keeps the simplest one), so when a submission
// miscounts two or three rows, every units property fails on the same one or two, and the third
// row surfaces in no counterexample. Where the grade already holds a units mistake, the analysis
// asks the submission, item by item, the units of a fixed set of small valid contexts, one for
// each row of the table (each J kind in the tool arguments, each entity, a code point beyond the
// BMP and a lone surrogate), and walks each departing item down to its row as it does for a
// counterexample (refine-units.ts). A row that departs and that no root cause names yet is one
// more mistake, found by asking: it explains no failed property of its own.

type Item = readonly [kind: "requirement" | "summary" | "message", item: Json];

const call = (args: Json): Item => ["message", { id: "a1", role: "assistant", content: [{ type: "toolCall", id: "c1", name: "read", arguments: args }] }];

/** One small item per row of §4, in the table's order; every string ASCII but those that ask u. */
export const BATTERY: readonly Item[] = [
  ["requirement", { id: "r1", content: "abc" }],
  ["summary", { id: "s1", content: "abc" }],
  ["message", { id: "m1", role: "user", content: "abc" }],
  ["message", { id: "a1", role: "assistant", content: [{ type: "text", text: "abc" }] }],
  ["message", { id: "t1", role: "toolResult", toolCallId: "c1", toolName: "read", content: "abc", isError: false }],
  ["message", { id: "t1", role: "toolResult", toolCallId: "c1", toolName: "read", content: "abc", isError: true }],
  call({}),
  call({ k: null }),
  call({ k: true }),
  call({ k: false }),
  call({ k: 7 }),
  call({ k: -1 }),
  call({ k: 0.5 }),
  call({ k: 1e21 }),
  call({ k: "xy" }),
  call({ k: [] }),
  call({ k: [1, 2] }),
  call({ k: [[], 3] }),
  call({ k: [1, "y", null] }),
  call({ k: {} }),
  call({ k: { j: 2, i: "z" } }),
  ["message", { id: "m1", role: "user", content: "a\u{1F600}b" }],
  ["message", { id: "m1", role: "user", content: "a\ud800b" }],
];

/** The rows that depart on the battery and are not among `known`, each with the first question that shows it. */
export async function unitsBattery(probe: UpstreamProbe, known: ReadonlySet<RuleId>): Promise<readonly UnitsFinding[]> {
  const found = new Map<RuleId, UnitsFinding>();
  const offset = (await probe.unitsOfInput({})) ?? 0;
  for (const [kind, item] of BATTERY) {
    const finding = await itemFinding(kind, item, probe, offset);
    if (finding !== null && !known.has(finding.rule) && !found.has(finding.rule)) found.set(finding.rule, finding);
  }
  return [...found.values()];
}
