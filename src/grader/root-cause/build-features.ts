import { modelBuild } from "../../model/index";
import { withoutUpstream } from "../../model/upstream";
import { type Json, isJsonObject } from "../../scenario/data";
import type { UpstreamProbe } from "./probe";

// What a refusal of a valid input turns on (the explain phase of docs/grading.md "Root causes",
// on the input): a reader that refuses valid data refuses it for something the data holds (a
// field the contract does not name, two messages with one id, what its strings hold: a lone
// surrogate, an empty content), wherever it is, in a message, a requirement or a record. The code it
// answers with depends on where (CONTEXT_INVALID_TRANSCRIPT for a message, CONTEXT_INVALID_INPUT
// for a record), and two such refusals of one code are not one mistake. Each feature below is
// taken out of the input, alone, in a way that keeps the input valid; the first whose absence
// the subject accepts is what its refusal turns on, and names the mistake whichever channel
// holds it. Null when none does (the refusal keeps its code's name).

type Rec = { readonly [key: string]: Json };

/**
 * Every string of the input (ids, contents, texts, names, tool-argument values) replaced by a
 * plain one of as many code points (one for an empty string), the same string by the same one
 * (ids stay distinct and calls stay linked to their results, the limits of §3 stay where they
 * were), the keys of tool arguments too; the tags (role, type) are kept.
 */
function plainStrings(input: Json): Json {
  const names = new Map<string, string>();
  const plain = (s: string) => {
    if (!names.has(s)) names.set(s, ofLength([...s].length, names.size));
    return names.get(s)!;
  };
  const walk = (v: Json, tag: boolean): Json => {
    if (typeof v === "string") return tag ? v : plain(v);
    if (Array.isArray(v)) return v.map((x) => walk(x, false));
    if (isJsonObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [NAMED.has(k) ? k : plain(k), walk(x, k === "role" || k === "type")]));
    return v;
  };
  return walk(input, false);
}

/**
 * Every string of the input with each character other than printable ASCII replaced by "x", an
 * empty string kept empty: as many code points everywhere, so an input exactly at a ceiling of §3
 * (a total of 1,000,000, where plainStrings' one character for an empty string would break it)
 * stays at it. Tried after plainStrings, under the same name.
 */
export function asciiStrings(input: Json, keys = false): Json {
  const ascii = (text: string) => [...text].map((c) => (/^[\x20-\x7e]$/.test(c) ? c : "x")).join("");
  const walk = (v: Json): Json => {
    if (typeof v === "string") return ascii(v);
    if (Array.isArray(v)) return v.map(walk);
    if (isJsonObject(v)) {
      // (With `keys`, an object's keys too, where no two become one.)
      const names = Object.keys(v);
      const renamed = keys && new Set(names.map(ascii)).size === names.length;
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [renamed ? ascii(k) : k, walk(x)]));
    }
    return v;
  };
  return walk(input);
}

/**
 * The `index`th plain string of `length` code points (at least one): its number in the letters
 * a–w, then x up to the length, so that two numbers never give one string.
 */
export function ofLength(length: number, index: number): string {
  let digits = "";
  for (let n = index; ; n = Math.floor(n / 23) - 1) {
    digits = String.fromCharCode(97 + (n % 23)) + digits;
    if (n < 23) break;
  }
  return digits + "x".repeat(Math.max(0, Math.max(1, length) - digits.length));
}

/** The fields the contract names, by kind of record (§2, §3). */
const FIELDS: Readonly<Record<string, readonly string[]>> = {
  user: ["id", "role", "content"],
  assistant: ["id", "role", "content"],
  toolResult: ["id", "role", "toolCallId", "toolName", "content", "isError"],
  text: ["type", "text"],
  toolCall: ["type", "id", "name", "arguments"],
  requirement: ["id", "content"],
  summary: ["id", "content"],
  record: ["id", "summaryId", "boundary", "compactedMessageIds", "unitsBefore", "unitsAfter"],
};

/** Every field name the contract gives (the other keys are tool arguments', which plainStrings replaces too). */
const NAMED = new Set(["requirements", "summary", "messages", "compactions", ...Object.values(FIELDS).flat()]);

const only = (r: Rec, names: readonly string[] | undefined): Rec => (names === undefined ? r : Object.fromEntries(Object.entries(r).filter(([k]) => names.includes(k))));

/** The input with only the fields the contract names (tool-call arguments untouched). */
function namedFieldsOnly(input: Json): Json {
  if (!isJsonObject(input)) return input;
  const list = (v: Json | undefined, kind: (x: Rec) => string) => (Array.isArray(v) ? v.map((x) => (isJsonObject(x) ? only(x, FIELDS[kind(x)]) : x)) : v);
  const messages = Array.isArray(input.messages)
    ? input.messages.map((m) => {
        if (!isJsonObject(m)) return m;
        const kept = only(m, FIELDS[String(m.role)]);
        return Array.isArray(kept.content) ? { ...kept, content: list(kept.content, (b) => String(b.type))! } : kept;
      })
    : input.messages;
  return {
    ...only(input, ["requirements", "summary", "messages", "compactions"]),
    ...(input.requirements === undefined ? {} : { requirements: list(input.requirements, () => "requirement")! }),
    ...(isJsonObject(input.summary) ? { summary: only(input.summary, FIELDS.summary) } : {}),
    ...(messages === undefined ? {} : { messages }),
    ...(input.compactions === undefined ? {} : { compactions: list(input.compactions, () => "record")! }),
  };
}

/** An assistant message with no blocks given one. */
function noEmptyContent(input: Json): Json {
  if (!isJsonObject(input) || !Array.isArray(input.messages)) return input;
  return { ...input, messages: input.messages.map((m) => (isJsonObject(m) && Array.isArray(m.content) && m.content.length === 0 ? { ...m, content: [{ type: "text", text: "x" }] } : m)) };
}

/** Every message its own id (a suffix where one repeats). */
function uniqueIds(input: Json): Json {
  if (!isJsonObject(input) || !Array.isArray(input.messages)) return input;
  const seen = new Set<string>();
  return {
    ...input,
    messages: input.messages.map((m, i) => {
      if (!isJsonObject(m) || typeof m.id !== "string") return m;
      const id = seen.has(m.id) ? `${m.id}~${i}` : m.id;
      seen.add(id);
      return { ...m, id };
    }),
  };
}

/** Every tool call's arguments emptied ({}). */
function emptyArguments(input: Json): Json {
  if (!isJsonObject(input) || !Array.isArray(input.messages)) return input;
  const emptied = (b: Json) => (isJsonObject(b) && b.type === "toolCall" ? { ...b, arguments: {} } : b);
  return { ...input, messages: input.messages.map((m) => (isJsonObject(m) && Array.isArray(m.content) ? { ...m, content: m.content.map(emptied) } : m)) };
}

/**
 * The results of each assistant message's calls put in the order of its calls, in the places
 * its results held (each still after its call: the places are the same, only who sits where).
 */
function resultsInCallOrder(input: Json): Json {
  if (!isJsonObject(input) || !Array.isArray(input.messages)) return input;
  const messages = [...input.messages];
  for (const m of input.messages) {
    if (!isJsonObject(m) || m.role !== "assistant" || !Array.isArray(m.content)) continue;
    const calls = m.content.filter((b): b is Rec => isJsonObject(b) && b.type === "toolCall").map((b) => b.id);
    const places = messages.flatMap((r, i) => (isJsonObject(r) && r.role === "toolResult" && calls.includes(r.toolCallId) ? [i] : []));
    const sorted = places.map((i) => messages[i]!).sort((a, b) => calls.indexOf((a as Rec).toolCallId) - calls.indexOf((b as Rec).toolCallId));
    places.forEach((at, k) => (messages[at] = sorted[k]!));
  }
  return { ...input, messages };
}

/** The features, in the order they are tried: each name is what the refusal turns on. */
const FEATURES: readonly (readonly [name: string, without: (input: Json) => Json])[] = [
  ["a field the contract does not name", namedFieldsOnly],
  ["two messages with one id", uniqueIds],
  ["an assistant message with no blocks", noEmptyContent],
  ["results in another order than their calls", resultsInCallOrder],
  // Last, as the widest: what the strings hold (a lone surrogate, a character beyond the BMP, an
  // empty or blank content, an id of other characters than some pattern's).
  ["the text of its strings", plainStrings],
  ["the text of its strings", asciiStrings],
  // After the strings (a string in the arguments is theirs): what else the arguments hold (null, numbers, nesting).
  ["what tool-call arguments hold", emptyArguments],
];

/** Features whose absence shrinks what §3 counts (items, string units, depth): no answer to a refusal past a ceiling, which any smaller input may pass. */
const SHRINKS = new Set(["what tool-call arguments hold"]);

/** The contract's answer to a build of `input`: "ok", or the codes it allows; null where the model cannot judge it. */
function contractAnswer(input: Json): string | null {
  try {
    const built = withoutUpstream(() => modelBuild(input));
    return built.ok ? "ok" : [...built.codes].sort().join("|");
  } catch {
    return null;
  }
}

/**
 * What the subject's refusal of `input` turns on, where the contract accepts it or refuses it
 * with another code; null when no feature's absence makes the subject answer as the contract.
 * Each feature is taken out only where that leaves the contract's answer as it was. `reader`:
 * buildActiveContext of an input, or groupToolRounds of a transcript (its messages);
 * `contract`: the contract's answer to the question as it was asked, which the input must get;
 * `refusedCode`: the subject's code (a refusal past a ceiling is not asked of what shrinks the counts).
 */
export async function refusedFeature(input: Json, reader: "build" | "groups", contract: { readonly ok: true } | { readonly ok: false; readonly codes: readonly string[] }, probe: UpstreamProbe | null, refusedCode?: string): Promise<string | null> {
  if (probe === null || (reader === "groups" && !Array.isArray(input))) return null;
  const whole: Json = reader === "groups" ? { messages: input } : input;
  const want = contractAnswer(whole);
  // The input as asked is the one the departure is about (not a plain copy of decorated data the contract answers otherwise).
  if (want === null || want !== (contract.ok ? "ok" : [...contract.codes].sort().join("|"))) return null;
  const answersRight = async (changed: Json): Promise<boolean> => {
    const operation = reader === "groups" ? { kind: "groups" as const, transcript: (changed as Rec).messages! } : { kind: "build" as const, input: changed };
    const outcome = (await probe.observe({ operation }))?.outcome;
    if (want === "ok") return outcome?.kind === "returned";
    return outcome?.kind === "threw" && typeof outcome.error.code === "string" && want.split("|").includes(outcome.error.code);
  };
  // The input as plain data answered right (the refusal was of decorated data read otherwise): nothing of the data to explain.
  if (await answersRight(whole)) return null;
  const keeps = (changed: Json, from: Json) => JSON.stringify(changed) !== JSON.stringify(from) && contractAnswer(changed) === want;
  const features = refusedCode === "CONTEXT_LIMIT_EXCEEDED" ? FEATURES.filter(([name]) => !SHRINKS.has(name)) : FEATURES;
  for (const [name, without] of features) {
    const changed = without(whole);
    if (keeps(changed, whole) && (await answersRight(changed))) return name;
  }
  // Two features at once (each refused alone): taken out one after another, the one whose
  // absence is answered right at last, the others already gone.
  let rest = whole;
  for (const [name, without] of features) {
    const changed = without(rest);
    if (!keeps(changed, rest)) continue;
    rest = changed;
    if (await answersRight(changed)) return name;
  }
  return null;
}
