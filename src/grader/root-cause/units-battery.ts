import type { Json } from "../../scenario/data";
import type { UpstreamProbe } from "./probe";
import { value } from "../report/notation";
import { contextOf, delta, emptyContainers, itemFinding, type UnitsFinding } from "./refine-units";
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
  // Text next to a call: a reader may count an assistant's blocks by whether it calls tools.
  ["message", { id: "a1", role: "assistant", content: [{ type: "text", text: "abc" }, { type: "toolCall", id: "c1", name: "read", arguments: {} }] }],
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

/**
 * Values of tool arguments asked apart from the entry that holds them: the same entry with the
 * value against two values of other kinds (null, and a string or a number), so that a mistake of
 * the entry's own terms (the key) cancels out, and a mistake of one baseline's row does not pass
 * for the value's: the value's row departs when its J departs against both.
 */
const VALUES: readonly (readonly [value: Json, rule: RuleId, other: Json])[] = [
  [true, "units.J(boolean)", ""],
  [false, "units.J(boolean)", ""],
  [7, "units.J(number)", ""],
  [-1, "units.J(number)", ""],
  [0.5, "units.J(number)", ""],
  [1e21, "units.J(number)", ""],
  ["xy", "units.J(string)", 7],
  [[[], []], "units.J(array)", ""],
  [{ j: {} }, "units.J(object)", ""],
];

/** A small valid context whose one tool call has the arguments {"k": x}. */
const withArgument = (x: Json): Json => contextOf("message", call({ k: x })[1])!;

async function valueRow(probe: UpstreamProbe, [v, rule, other]: (typeof VALUES)[number]): Promise<UnitsFinding | null> {
  const at = withArgument;
  const p = { probe };
  const [byNull, byOther] = [await delta(p, at(v), at(null)), await delta(p, at(v), at(other))];
  if (byNull === null || byOther === null || byNull.subject === byNull.contract || byOther.subject === byOther.contract) return null;
  return { rule, question: `units of the arguments {"k": ${value(v, 40)}} less those of {"k": null}`, subject: String(byNull.subject), contract: String(byNull.contract) };
}

/** The rows that depart on the battery and are not among `known`, each with the first question that shows it. */
export async function unitsBattery(probe: UpstreamProbe, known: ReadonlySet<RuleId>): Promise<readonly UnitsFinding[]> {
  const found = new Map<RuleId, UnitsFinding>();
  const offset = (await probe.unitsOfInput({})) ?? 0;
  const add = (finding: UnitsFinding | null) => {
    if (finding !== null && !known.has(finding.rule) && !found.has(finding.rule)) found.set(finding.rule, finding);
  };
  for (const [kind, item] of BATTERY) add(await itemFinding(kind, item, probe, offset));
  for (const entry of VALUES) add(await valueRow(probe, entry));
  // Most kinds of J departing at once is one way of counting tool arguments (by their JSON
  // text, say), not a mistake per kind: the rows of J the failures name stand for it.
  // (Empty containers counted alike are one row too: refine-units names it by the object's.)
  if ((await containersAlike(probe)) || (await emptyContainers({ probe }, withArgument)) !== null) {
    // One per-item term of both containers, or empty ones counted alike: the row already named (or the array's) stands for it.
    if (known.has("units.J(object)") || (found.has("units.J(object)") && !known.has("units.J(array)"))) found.delete("units.J(array)");
    else found.delete("units.J(object)");
  }
  const rows = [...found.values()];
  const json = (rule: RuleId) => rule.startsWith("units.J(");
  const kinds = new Set([...rows.map((f) => f.rule), ...known].filter(json));
  return kinds.size >= ONE_WAY_OF_COUNTING ? rows.filter((f) => !json(f.rule)) : rows;
}

/**
 * Arrays and objects whose item costs depart alike (one item against none, the empty container
 * counted right): one way of counting a container's items (their separators, say), one mistake,
 * not one per kind of container.
 */
async function containersAlike(probe: UpstreamProbe): Promise<boolean> {
  const p = { probe };
  const at = withArgument;
  const [array, object] = [await delta(p, at([null]), at([])), await delta(p, at({ j: null }), at({}))];
  const [emptyArray, emptyObject] = [await delta(p, at([]), at(null)), await delta(p, at({}), at(null))];
  if (array === null || object === null || emptyArray === null || emptyObject === null) return false;
  if (emptyArray.subject !== emptyArray.contract || emptyObject.subject !== emptyObject.contract) return false;
  const [a, o] = [array.subject - array.contract, object.subject - object.contract];
  return a !== 0 && a === o;
}

/** How many of J's six kinds departing are taken for one mistake of counting arguments. */
const ONE_WAY_OF_COUNTING = 4;
