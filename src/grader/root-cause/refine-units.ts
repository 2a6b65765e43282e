import { modelCodePoints, modelContextUnits, modelJsonUnits } from "../../model/index";
import { withoutUpstream } from "../../model/upstream";
import { type ContextData, type Json, isJsonObject } from "../../scenario/data";
import { value } from "../report/notation";
import type { Difference } from "./differences";
import type { UpstreamProbe } from "./probe";
import type { RuleId } from "./rules";

// Which row of §4's table a units difference breaks, found by asking the submission for the
// units of small contexts that differ in one place (Hypothesis's explain phase, on §4's terms):
// the empty context (the sum), each string of the item alone, each entry of the tool arguments
// (down to the value whose J departs), and otherwise the item's own constant. A difference in
// the units of one item is then named by the row where the submission's count departs, and two
// units mistakes in one submission are two rows, two root causes.

export interface UnitsFinding {
  readonly rule: RuleId;
  /** The smallest question that shows the row departing, the submission's answer and the contract's. */
  readonly question: string;
  readonly subject: string;
  readonly contract: string;
}

type Rec = { readonly [k: string]: Json };

/** The contract's units of an input, or null when the model cannot count it (no contract data). */
export function contractUnits(input: Json): number | null {
  try {
    return withoutUpstream(() => modelContextUnits(input as unknown as ContextData));
  } catch {
    return null;
  }
}

/**
 * A small context holding the item, with partners that make it valid (a result for each call; the
 * call of a result, with `partnerArguments`).
 */
export function contextOf(kind: string, item: Json, partnerArguments: Json = {}): Json | null {
  if (kind === "requirement") return { requirements: [item] };
  if (kind === "summary") return { summary: item };
  if (!isJsonObject(item)) return null;
  if (item.role === "toolResult") return { messages: [{ id: fresh(item, "a"), role: "assistant", content: [{ type: "toolCall", id: item.toolCallId!, name: item.toolName!, arguments: partnerArguments }] }, item] };
  if (item.role === "assistant" && Array.isArray(item.content)) {
    const calls = item.content.filter((b): b is Rec => isJsonObject(b) && b.type === "toolCall");
    return { messages: [item, ...calls.map((c, i) => ({ id: fresh(item, `r${i}`), role: "toolResult", toolCallId: c.id!, toolName: c.name!, content: "", isError: false }))] };
  }
  return { messages: [item] };
}

/** An id unlike every string of the item. */
function fresh(item: Rec, base: string): string {
  const text = JSON.stringify(item);
  let id = `p-${base}`;
  while (text.includes(`"${id}"`)) id += "'";
  return id;
}

/**
 * Every string of the item replaced by an ASCII one of as many code points (distinct strings stay
 * distinct, tags stay): the same units by the contract, nothing astral.
 */
function ascii(item: Json): Json {
  const names = new Map<string, string>();
  const letters = "xyzwvutsrqponmlkjihgfedcba";
  const plain = (s: string): string => {
    if (/^[\x20-\x7e]*$/.test(s)) return s;
    if (!names.has(s)) {
      const length = [...s].length;
      let n = names.size;
      let name = "";
      for (let i = 0; i < length; i++, n = Math.floor(n / 26)) name += letters[n % 26];
      names.set(s, name);
    }
    return names.get(s)!;
  };
  const walk = (v: Json, tag: boolean): Json => {
    if (typeof v === "string") return tag ? v : plain(v);
    if (Array.isArray(v)) return v.map((x) => walk(x, false));
    if (isJsonObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k === "role" || k === "type")]));
    return v;
  };
  return walk(item, false);
}

export async function refineUnits(differences: readonly Difference[], probe: UpstreamProbe): Promise<UnitsFinding | null> {
  // The sum: a context with nothing in it costs 0. Where it does not, an item of the
  // counterexample may still depart beyond what the empty context costs (a second mistake, of
  // that item's row); otherwise the sum is the row.
  const empty = await probe.unitsOfInput({});
  const offset = empty !== null && empty !== 0 ? empty : 0;
  const strings = differences.filter((d) => d.about?.kind === "codePoints");
  if (offset === 0 && strings.length > 0) return stringFinding(strings, probe);
  // In the order the items are counted (requirements, the summary, messages): a counterexample
  // showing two rows departing is signed by the first, as another counterexample may be by another.
  for (const d of differences.filter((x) => x.about?.kind === "item")) {
    if (d.about?.kind !== "item") continue;
    const found = await itemFinding(d.about.item.kind, d.about.item.item as Json, probe, offset);
    if (found !== null) return found;
  }
  return offset === 0 ? null : { rule: "units.context", question: "estimateContextUnits({})", subject: String(empty), contract: "0" };
}

/** u(s) of the first code point of a departing string whose u departs alone (else the string). */
async function stringFinding(strings: readonly Difference[], probe: UpstreamProbe): Promise<UnitsFinding> {
  const d = [...strings].sort((a, b) => a.question.length - b.question.length)[0]!;
  const s = d.about?.kind === "codePoints" ? d.about.s : "";
  return (await pointFinding(s, probe)) ?? { rule: "units.u", question: d.question, subject: d.subject, contract: d.contract };
}

/** u of the first of `s`'s code points (at most 8 distinct) that a user message's content counts as other than 1; null when none does. */
async function pointFinding(s: string, probe: UpstreamProbe): Promise<UnitsFinding | null> {
  const base = await probe.unitsOfInput({ messages: [{ id: "m", role: "user", content: "" }] });
  for (const point of [...new Set([...s])].slice(0, 8)) {
    const units = await probe.unitsOfInput({ messages: [{ id: "m", role: "user", content: point }] });
    if (base !== null && units !== null && units - base !== 1) return { rule: "units.u", question: `u(${JSON.stringify(point)})`, subject: String(units - base), contract: "1" };
  }
  return null;
}

export interface Probe {
  readonly probe: UpstreamProbe;
}

/** The subject's units of `input` less those of `baseline`, against the contract's; null when either is not answered. */
export async function delta(p: Probe, input: Json, baseline: Json): Promise<{ readonly subject: number; readonly contract: number } | null> {
  const [a, b] = [await p.probe.unitsOfInput(input), await p.probe.unitsOfInput(baseline)];
  const [c, e] = [contractUnits(input), contractUnits(baseline)];
  return a === null || b === null || c === null || e === null ? null : { subject: a - b, contract: c - e };
}

/**
 * The row of §4 where the submission's units of one item (in a small valid context) depart, or
 * null when they do not; `offset`: what the submission counts for the empty context (a sum that
 * departs is its own row, not the item's).
 */
export async function itemFinding(kind: string, item: Json, probe: UpstreamProbe, offset = 0): Promise<UnitsFinding | null> {
  const p: Probe = { probe };
  const whole = contextOf(kind, item);
  if (whole === null) return null;
  const plain = contextOf(kind, ascii(item));
  if (plain === null) return null;
  const [own, contract] = [await probe.unitsOfInput(whole), contractUnits(whole)];
  // A summary counted exactly right: its row does not depart, whatever the empty context (which
  // has none) costs.
  if (own === null || contract === null || own - offset === contract || (kind === "summary" && own === contract)) return null;
  const [ownPlain, contractPlain] = [await probe.unitsOfInput(plain), contractUnits(plain)];
  // The same item with every string in plain ASCII is counted right: the code points are the difference.
  if (ownPlain !== null && contractPlain !== null && ownPlain - offset === contractPlain) return { rule: "units.u", question: `units of ${describe(kind, item)}`, subject: String(own), contract: String(contract) };
  const subject = ascii(item);
  if (!isJsonObject(subject)) return null;
  // Tool arguments: the entry (and within it the value) whose units depart, the call alone in its
  // message first. Arguments counted right alone and otherwise beside the message's other blocks
  // (a count carried from one call to the next) break no row: the context is not the sum of its parts.
  if (subject.role === "assistant" && Array.isArray(subject.content)) {
    const blocks = subject.content;
    for (const [index, block] of blocks.entries()) {
      if (!isJsonObject(block) || block.type !== "toolCall" || !isJsonObject(block.arguments)) continue;
      const alone = await argumentsFinding(p, (args) => contextOf(kind, { ...subject, content: [{ ...block, arguments: args }] } as Json)!, block.arguments);
      if (alone !== null) return alone;
      if (blocks.length === 1) continue;
      const beside = await argumentsFinding(p, (args) => contextOf(kind, { ...subject, content: blocks.map((b, i) => (i === index ? { ...(b as Rec), arguments: args } : b)) } as Json)!, block.arguments);
      if (beside !== null) return { rule: "units.context", question: `units of a tool call's arguments ${value(block.arguments, 60)} next to the message's other blocks`, subject: `${beside.question} = ${beside.subject}`, contract: beside.contract };
    }
  }
  // A result's partner call, with its arguments {}: their J departing is the object's row, not
  // the result's, unless one of the result's own strings departs too (asked first: the partner
  // is the same on both sides of that question).
  if (subject.role === "toolResult") {
    const own = await longerString(p, kind, subject, plain);
    if (own !== null) return own;
    const found = await argumentsFinding(p, (args) => contextOf(kind, subject, args)!, {});
    if (found !== null) return found;
  }
  // A text block alone in the message against none (no call, so no partner): the text row.
  if (subject.role === "assistant" && Array.isArray(subject.content)) {
    const none = contextOf(kind, { ...subject, content: [] })!;
    for (const block of subject.content.filter((b) => isJsonObject(b) && b.type === "text").slice(0, 4)) {
      const d = await delta(p, contextOf(kind, { ...subject, content: [block] })!, none);
      if (d !== null && d.subject !== d.contract) return { rule: "units.text", question: `units of a text block ${value(block, 80)}`, subject: `${signed(d.subject)}`, contract: `${signed(d.contract)}` };
    }
    // The same text block next to the message's calls, against the calls alone: a text block
    // counted otherwise in a message that calls tools is the text row too.
    const calls = subject.content.filter((b) => isJsonObject(b) && b.type === "toolCall");
    const text = subject.content.find((b) => isJsonObject(b) && b.type === "text");
    if (calls.length > 0 && text !== undefined) {
      const d = await delta(p, contextOf(kind, { ...subject, content: [text, ...calls] })!, contextOf(kind, { ...subject, content: calls })!);
      if (d !== null && d.subject !== d.contract) return { rule: "units.text", question: `units of a text block ${value(text, 80)} next to a tool call`, subject: `${signed(d.subject)}`, contract: `${signed(d.contract)}` };
    }
  }
  // An assistant message (the item, or a result's partner) with no blocks: its own base and id, whatever its blocks cost.
  const assistant = subject.role === "assistant" ? subject : subject.role === "toolResult" ? { id: fresh(subject, "a"), role: "assistant" } : null;
  if (assistant !== null && !(Array.isArray(subject.content) && subject.content.length === 0 && subject.role === "assistant")) {
    const bare = contextOf("message", { ...assistant, content: [] })!;
    const d = await delta(p, bare, {});
    if (d !== null && d.subject !== d.contract) return { rule: "units.assistant", question: `units of an assistant message with no blocks ${value({ ...subject, content: [] }, 80)}`, subject: String(d.subject), contract: String(d.contract) };
  }
  const longer = await longerString(p, kind, subject, plain);
  if (longer !== null) return longer;
  // A tool's name is in the call and in its result alike (§2: a result carries its call's name):
  // one code point longer in both, a departure is either row's, told apart by no valid transcript.
  const named = withLongerToolName(subject);
  if (named !== null) {
    const d = await delta(p, contextOf(kind, named)!, plain);
    if (d !== null && d.subject !== d.contract) return { rule: "units.toolPair", question: `units of a tool call and its result with the tool's name one code point longer`, subject: `${signed(d.subject)}`, contract: `${signed(d.contract)}` };
  }
  return { rule: rowOf(kind, subject), question: `units of ${describe(kind, subject)}`, subject: String(ownPlain ?? own), contract: String(contractPlain ?? contract) };
}

/** Each independent string of the item, one code point longer: the item's row where one departs. */
async function longerString(p: Probe, kind: string, subject: Rec, plain: Json): Promise<UnitsFinding | null> {
  for (const field of ["id", "content", "text"]) {
    if (typeof subject[field] !== "string") continue;
    const d = await delta(p, contextOf(kind, { ...subject, [field]: `${subject[field] as string}x` })!, plain);
    if (d !== null && d.subject !== d.contract) return { rule: subject.role === "toolResult" ? "units.toolResult" : rowOf(kind, subject), question: `units of ${describe(kind, subject)} with its ${field} one code point longer`, subject: `${signed(d.subject)}`, contract: `${signed(d.contract)}` };
  }
  return null;
}

/** A tool result with its toolName one code point longer (its partner call follows it), or an assistant's calls with their names so (their results follow them); null for other items. */
function withLongerToolName(item: Rec): Rec | null {
  if (item.role === "toolResult" && typeof item.toolName === "string") return { ...item, toolName: `${item.toolName}x` };
  if (item.role !== "assistant" || !Array.isArray(item.content) || !item.content.some((b) => isJsonObject(b) && b.type === "toolCall")) return null;
  return { ...item, content: item.content.map((b) => (isJsonObject(b) && b.type === "toolCall" && typeof b.name === "string" ? { ...b, name: `${b.name}x` } : b)) };
}

/**
 * The row of §4 an item's own terms are counted by. A call and its result are measured together
 * (no valid transcript holds one without the other), so what their own strings do not show (a
 * base, the ids they share) is the pair's.
 */
function rowOf(kind: string, item: Rec): RuleId {
  if (kind === "requirement") return "units.requirement";
  if (kind === "summary") return "units.summary";
  if (item.role === "user") return "units.user";
  if (item.role === "toolResult") return "units.toolPair";
  const blocks = Array.isArray(item.content) ? item.content : [];
  return blocks.some((b) => isJsonObject(b) && b.type === "toolCall") ? "units.toolPair" : blocks.length > 0 ? "units.text" : "units.assistant";
}

/**
 * The entry of the arguments whose units depart: {k: v} against {} (1 + u(k) + J(v)); then
 * {k: null} tells the entry's own terms (the key: J(object)) from the value's J, and a container
 * value is searched the same way, down to the row of the value.
 */
async function argumentsFinding(p: Probe, withArgs: (args: Json) => Json, args: Rec): Promise<UnitsFinding | null> {
  const empty = withArgs({});
  const base = await delta(p, withArgs({}), empty);
  if (base === null) return null;
  for (const [key, v] of Object.entries(args).slice(0, 16)) {
    const entry = await delta(p, withArgs({ [key]: v }), empty);
    if (entry === null || entry.subject === entry.contract) continue;
    const nulled = await delta(p, withArgs({ [key]: null }), empty);
    if (nulled !== null && nulled.subject !== nulled.contract) {
      // The key's own code points counted otherwise (as any string's are): u's row, not the object's.
      const point = await pointFinding(key, p.probe);
      if (point !== null) return point;
      const longer = await delta(p, withArgs({ [`${key}x`]: null }), withArgs({ [key]: null }));
      // A second null in an array (no key, and the array's own per-item term departing the same
      // for both) departing as much tells J(null) from the entry's own terms.
      const item = await delta(p, withArgs({ [key]: [null, null] }), withArgs({ [key]: [null] }));
      // Or null against two values of other kinds in the same entry (the entry's terms cancel
      // out), where arrays in the arguments are counted otherwise too.
      const againstTrue = await delta(p, withArgs({ [key]: null }), withArgs({ [key]: true }));
      const againstNumber = await delta(p, withArgs({ [key]: null }), withArgs({ [key]: 7 }));
      const againstBoth = againstTrue !== null && againstNumber !== null && againstTrue.subject - againstTrue.contract === nulled.subject - nulled.contract && againstNumber.subject - againstNumber.contract === nulled.subject - nulled.contract;
      const nullDeparts = (item !== null && item.subject - item.contract === nulled.subject - nulled.contract) || againstBoth;
      const keyCounted = longer !== null && longer.subject === longer.contract && nullDeparts;
      return keyCounted
        ? { rule: "units.J(null)", question: `J(null)`, subject: String(nulled.subject - 1 - modelCodePoints(key)), contract: "1" }
        : { rule: "units.J(object)", question: `J({${JSON.stringify(key)}: null})`, subject: String(nulled.subject + 2), contract: String(nulled.contract + 2) };
    }
    const inner = await valueFinding(p, (x) => withArgs({ [key]: x }), v, empty);
    if (inner !== null) return inner;
  }
  // No entry departs (or there is none): the arguments' own base, J({}), as an entry's value
  // against null there, the entry's own terms and J(null) counted right.
  const key = Object.keys(args).includes("k") ? "k'" : "k";
  const [object, nulled] = [await delta(p, withArgs({ [key]: {} }), empty), await delta(p, withArgs({ [key]: null }), empty)];
  if (object !== null && nulled !== null && nulled.subject === nulled.contract && object.subject !== object.contract) return (await emptyContainers(p, (x) => withArgs({ [key]: x }))) ?? { rule: "units.J(object)", question: "J({})", subject: String(object.subject - nulled.subject + 1), contract: "2" };
  return null;
}

/**
 * An empty array and an empty object departing alike (each against null): one way of counting
 * empty containers, one mistake whichever container a case showed, named by the object's row.
 */
export async function emptyContainers(p: Probe, at: (x: Json) => Json): Promise<UnitsFinding | null> {
  const [array, object] = [await delta(p, at([]), at(null)), await delta(p, at({}), at(null))];
  if (array === null || object === null || array.subject === array.contract || array.subject - array.contract !== object.subject - object.contract) return null;
  return { rule: "units.J(object)", question: "J({}) and J([])", subject: `${object.subject + 1} and ${array.subject + 1}`, contract: "2 and 2" };
}

/** The row of the smallest part of `v` whose J departs (`at(x)`: the context with x in v's place). */
async function valueFinding(p: Probe, at: (x: Json) => Json, v: Json, empty: Json): Promise<UnitsFinding | null> {
  const shown = (x: Json) => value(x, 60);
  if (Array.isArray(v)) {
    // An array whose J does not depart holds no departing row (an item of a departing array may be one).
    const whole = await delta(p, at(v), at(null));
    if (whole === null || whole.subject === whole.contract) return null;
    const none = await delta(p, at([]), at(null));
    if (none !== null && none.subject !== none.contract) return (await emptyContainers(p, at)) ?? { rule: "units.J(array)", question: "J([])", subject: String(none.subject + 1), contract: "2" };
    for (const item of v.slice(0, 16)) {
      const found = await valueFinding(p, (x) => at([x]), item, empty);
      if (found !== null) return found;
    }
    return { rule: "units.J(array)", question: `J(${shown(v)})`, subject: String(whole.subject + 1), contract: String(modelJsonUnits(v)) };
  }
  if (isJsonObject(v)) {
    const none = await delta(p, at({}), at(null));
    if (none !== null && none.subject !== none.contract) return (await emptyContainers(p, at)) ?? { rule: "units.J(object)", question: "J({})", subject: String(none.subject + 1), contract: "2" };
    for (const [key, x] of Object.entries(v).slice(0, 16)) {
      const entry = await delta(p, at({ [key]: x }), at({}));
      if (entry === null || entry.subject === entry.contract) continue;
      const nulled = await delta(p, at({ [key]: null }), at({}));
      if (nulled !== null && nulled.subject !== nulled.contract) return (await pointFinding(key, p.probe)) ?? { rule: "units.J(object)", question: `J({${JSON.stringify(key)}: null})`, subject: String(nulled.subject + 2), contract: String(nulled.contract + 2) };
      const found = await valueFinding(p, (y) => at({ [key]: y }), x, empty);
      if (found !== null) return found;
    }
    return null;
  }
  const leaf = await delta(p, at(v), at(null));
  if (leaf === null || leaf.subject === leaf.contract) return null;
  const rule: RuleId = typeof v === "boolean" ? "units.J(boolean)" : typeof v === "number" ? "units.J(number)" : typeof v === "string" ? "units.J(string)" : "units.J(null)";
  return { rule, question: `J(${shown(v)})`, subject: String(leaf.subject + 1), contract: String(leaf.contract + 1) };
}

function signed(n: number): string {
  return n >= 0 ? `+${n}` : String(n);
}

function describe(kind: string, item: Json): string {
  return `${kind === "message" && isJsonObject(item) ? `a ${String(item.role)} message` : `a ${kind}`} ${value(item, 100)}`;
}

/** Every item of an input (requirements, the summary, messages) as a units question, for refineUnits. */
export function itemsOf(input: Json): Difference[] {
  if (input === null || typeof input !== "object" || Array.isArray(input)) return [];
  const out: Difference[] = [];
  const add = (kind: "requirement" | "summary" | "message", item: Json) => out.push({ layer: "units", question: JSON.stringify(item), subject: "", contract: "", about: { kind: "item", item: { kind, item }, subject: 0, contract: 0 } });
  if (Array.isArray(input.requirements)) for (const r of input.requirements) add("requirement", r);
  if (input.summary !== null && typeof input.summary === "object" && !Array.isArray(input.summary)) add("summary", input.summary);
  if (Array.isArray(input.messages)) for (const m of input.messages) add("message", m);
  return out;
}
