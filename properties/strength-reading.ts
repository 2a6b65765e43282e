import fc from "fast-check";
import type { ContextData, Decoration, Json, MessageData, PropertyDefinition, Scenario } from "../src/scenario";
import { contextData } from "../generators";
import { defineStrength, modelAgrees } from "./_internals/strength-define";

// Strength properties for survivors of the mutation run in reading contexts: read.ts, snapshot.ts, message-read.ts, transcript.ts
// (docs/mutation.md). Each is shown to fail on a mutant of
// test/mutants/catalogue-gaps-reading.ts (test/mutants/strength-kills.test.ts).
//
// Each property applies ONE aimed edit, drawn from a list of at most three, to a generated
// valid context: under StrykerJS a property runs 10 cases, so every edit of a list of three
// is tried with probability 1 - (2/3)^10 > 98 %, whatever the seed. The general generators
// (generators/_internals/contextMutations.ts, the hostile family) reach each of these classes
// too, but among dozens of others.

type Edit = readonly [name: string, apply: (context: ContextData) => Scenario];

const build = (input: unknown, decorations: Decoration[] = []): Scenario => ({
  operation: { kind: "build", input: input as Json },
  ...(decorations.length === 0 ? {} : { decorations }),
});

/** A valid context with at least one user message and one complete tool round at its end. */
const context = contextData().map((c): ContextData => ({
  ...c,
  messages: [
    ...(c.messages ?? []),
    { id: "rd-user", role: "user", content: "last" },
    { id: "rd-a", role: "assistant", content: [{ type: "toolCall", id: "rd-c1", name: "rd-tool", arguments: { q: 1 } }, { type: "toolCall", id: "rd-c2", name: "rd-tool", arguments: {} }] },
    { id: "rd-r1", role: "toolResult", toolCallId: "rd-c1", toolName: "rd-tool", content: "one", isError: false },
    { id: "rd-r2", role: "toolResult", toolCallId: "rd-c2", toolName: "rd-tool", content: "two", isError: false },
  ],
}));

const data = (c: ContextData): Record<string, Json> => structuredClone(c) as unknown as Record<string, Json>;
const messagesOf = (c: ContextData): Json[] => structuredClone(c.messages ?? []) as unknown as Json[];
/** Index of a message counted from the end (1 = last). */
const fromEnd = (c: ContextData, k: number): number => (c.messages ?? []).length - k;

/** The context with its last four messages (user, assistant with calls rd-c1 and rd-c2, their results) changed by `f`. */
function withTail(c: ContextData, f: (tail: Record<string, Json>[]) => void): Scenario {
  const messages = messagesOf(c);
  const tail = messages.slice(-4) as Record<string, Json>[];
  f(tail);
  return build({ ...data(c), messages: [...messages.slice(0, -4), ...tail] });
}
const callOf = (tail: Record<string, Json>[], b: number): Record<string, Json> => (tail[1]!.content as Record<string, Json>[])[b]!;

/**
 * `variants`: an edit that half the time, by a coin drawn last (so every other case is generated
 * and shrunk as before), is replaced by another of the same kind.
 */
function aimed(id: string, title: string, catches: string, specRef: string, edits: readonly Edit[], variants: ReadonlyMap<string, Edit> = new Map()): PropertyDefinition {
  const arbitrary = fc.tuple(context, fc.constantFrom(...edits), fc.boolean()).map(([c, edit, coin]) => {
    const [name, apply] = coin ? (variants.get(edit[0]) ?? edit) : edit;
    return { ...apply(c), labels: [`reading:${name}`] };
  });
  return defineStrength(id, title, 1, catches, specRef, arbitrary, modelAgrees);
}

// --- limit edges (read.ts Budget, snapshot.ts, transcript.ts) -----------------------------

const user = (id: string, content: string): MessageData => ({ id, role: "user", content });

/** User messages (ids q0, q1, …) whose units (= strings: 4 + u(id) + u(content)) add up to exactly `total`. */
function fillers(total: number): MessageData[] {
  const out: MessageData[] = [];
  for (let i = 0, left = total; left > 0; i++) {
    const id = `q${i}`;
    const room = left - 4 - id.length;
    if (room < 0) throw new Error("fillers: no room left for a message");
    // Leave at least 10 for the next message when this one cannot take the rest.
    const n = room <= 65_000 ? room : Math.min(65_000, room - 10);
    out.push(user(id, "x".repeat(n)));
    left -= 4 + id.length + n;
  }
  return out;
}

const requirementsOf = (n: number): Json => Array.from({ length: n }, (_, i) => ({ id: `r${i}`, content: "c" }));

const REQUIREMENT_EDGES: readonly Edit[] = [
  ["requirements:128", (c) => build({ ...data(c), requirements: requirementsOf(128) })],
  ["requirements:129", (c) => build({ ...data(c), requirements: requirementsOf(129) })],
  // Summary 5 + 1 + 60,000 units and messages that bring the context to 1,000,001 units, while
  // strings stay below 1,000,000 (a user message's units equal its strings; the summary's
  // base 5 is no string): only the summary's units push the transcript over the limit.
  ["units:summary-pushes-over", () => build({ summary: { id: "s", content: "x".repeat(60_000) }, messages: fillers(1_000_001 - 60_006) as unknown as Json })],
];

/** A record whose strings (id "r", summaryId "s", 16 ids) add up to `total` code points. */
function stringsRecord(total: number): Json {
  const rest = total - 2;
  const ids = Array.from({ length: 16 }, (_, i) => "x".repeat(Math.floor(rest / 16) + (i === 0 ? rest % 16 : 0)));
  return { id: "r", summaryId: "s", boundary: 16, compactedMessageIds: ids, unitsBefore: 0, unitsAfter: 0 };
}

const STRING_EDGES: readonly Edit[] = [
  ["string:65536", (c) => withTail(c, (t) => void (t[0]!.content = "x".repeat(65_536)))],
  ["string:65537", (c) => withTail(c, (t) => void (t[0]!.content = "x".repeat(65_537)))],
  // Strings at exactly 1,000,000: a record's ids (records cost no units) and two messages
  // whose role and block type tags are not counted (§3): counting them goes past the limit.
  ["strings:at-limit-without-tags", () => build({ compactions: [stringsRecord(1_000_000 - 2 - 2)], messages: [{ id: "u", role: "user", content: "x" }, { id: "a", role: "assistant", content: [{ type: "text", text: "" }] }] })],
];

// --- records of the input (snapshot.ts) ---------------------------------------------------

const RECORD = { id: "rd-rec", summaryId: "s", boundary: 1, compactedMessageIds: ["m"], unitsBefore: 1, unitsAfter: 1 };
const withRecords = (c: ContextData, ...records: Json[]): Scenario =>
  build({ ...data(c), compactions: [...(structuredClone(c.compactions ?? []) as unknown as Json[]), ...records] });

const REQUIREMENT_EDITS: readonly Edit[] = [
  ["requirement:blank-content", (c) => build({ ...data(c), requirements: [{ id: "rd-r", content: " \t" }] })],
  ["summary:blank-id", (c) => build({ ...data(c), summary: { id: "\u00a0", content: "a summary" } })],
  ["requirement:id-not-a-string", (c) => build({ ...data(c), requirements: [{ id: 7, content: "c" }] })],
  ["requirement:duplicate-id", (c) => build({ ...data(c), requirements: [{ id: "rd-r", content: "one" }, { id: "rd-r", content: "two" }] })],
  // Unique among the requirements only: a message may carry a requirement's id (held-out s23).
  ["requirement:id-of-a-message", (c) => build({ ...data(c), requirements: [{ id: "rd-user", content: "keep" }] })],
  // Two rules broken in one requirement: a blank id and a content past 65,536 code points. The
  // contract orders neither the fields of a record nor the rules (§8, first row): either code.
  ["requirement:blank-id-content-past-limit", (c) => build({ ...data(c), requirements: [{ id: " ", content: "x".repeat(65_537) }] })],
];

const RECORD_EDITS: readonly Edit[] = [
  ["record:compacted-id-not-a-string", (c) => withRecords(c, { ...RECORD, compactedMessageIds: [7] })],
  ["record:duplicate-id", (c) => withRecords(c, RECORD, { ...RECORD, summaryId: "t" })],
  ["record:ids-length-differs", (c) => withRecords(c, { ...RECORD, boundary: 2 })],
  // At most 4,096 ids in one record (§3).
  ["record:4096-ids", (c) => withRecords(c, { ...RECORD, boundary: 4096, compactedMessageIds: Array.from({ length: 4096 }, (_, i) => `m${i}`) })],
  ["record:4097-ids", (c) => withRecords(c, { ...RECORD, boundary: 4097, compactedMessageIds: Array.from({ length: 4097 }, (_, i) => `m${i}`) })],
];

// A count past its limit behind a Proxy array: the count is the trap's answer, read like
// data (§3), and past the limit it is CONTEXT_LIMIT_EXCEEDED. A reader may peek at plain
// arrays' counts before it reads anything (the core does, §8 row 1); a Proxy's it must check
// as it reads it.
const recordsOf = (n: number): Json[] => Array.from({ length: n }, (_, i) => ({ ...RECORD, id: `rd-rec${i}` }));
const PROXIED_COUNT_EDITS: readonly Edit[] = [
  ["requirements:129-behind-proxy", (c) => build({ ...data(c), requirements: requirementsOf(129) }, [at(["requirements"], "proxy")])],
  ["messages:4097-behind-proxy", (c) => build({ ...data(c), messages: Array.from({ length: 4097 }, (_, i) => ({ id: `rd-m${i}`, role: "user", content: "" })) }, [at(["messages"], "proxy")])],
  // Records need no messages: the tail of the context is left out, so a counterexample shows the records alone.
  ["compactions:257-behind-proxy", (c) => build({ ...data(c), messages: messagesOf(c).slice(0, -4), compactions: recordsOf(257) }, [at(["compactions"], "proxy")])],
  ["record:4097-ids-behind-proxy", (c) => build({ ...data(c), messages: messagesOf(c).slice(0, -4), compactions: [{ ...RECORD, boundary: 4097, compactedMessageIds: Array.from({ length: 4097 }, (_, i) => `m${i}`) }] }, [at(["compactions", 0, "compactedMessageIds"], "proxy")])],
];

// --- messages and linkage (message-read.ts, transcript.ts) --------------------------------

const MESSAGE_EDITS: readonly Edit[] = [
  ["message:role-unknown", (c) => withTail(c, (t) => void (t[0]!.role = "system"))],
  ["message:user-id-blank", (c) => withTail(c, (t) => void (t[0]!.id = " "))],
];

const RESULT_EDITS: readonly Edit[] = [
  ["result:id-blank", (c) => withTail(c, (t) => void (t[2]!.id = "\u3000"))],
  ["result:is-error-not-boolean", (c) => withTail(c, (t) => void (t[2]!.isError = 0))],
];

/** isError missing altogether (§2: a tool-result message carries a boolean isError; a helper's default is no transcript's; held-out b2m). */
const RESULT_VARIANTS: ReadonlyMap<string, Edit> = new Map([["result:is-error-not-boolean", ["result:is-error-missing", (c: ContextData) => withTail(c, (t) => void delete t[2]!.isError)] as Edit]]);

const NAME_EDITS: readonly Edit[] = [
  // The call's name and the result's toolName agree, so only the type check of a name can fail.
  ["name:not-a-string", (c) => withTail(c, (t) => { callOf(t, 0).name = 7; t[2]!.toolName = 7; })],
  ["name:blank", (c) => withTail(c, (t) => { callOf(t, 0).name = "\t"; t[2]!.toolName = "\t"; })],
  ["block:type-unknown", (c) => withTail(c, (t) => void (callOf(t, 0).type = "tool_call"))],
  // A block of another type next to the call: skipping it leaves a transcript that still holds together.
  ["block:type-unknown-added", (c) => withTail(c, (t) => void (t[1]!.content as Json[]).push({ type: "image", url: "x" }))],
  // A call without its arguments (§2: a toolCall block has them): not a call with none (held-out s22).
  ["call:arguments-missing", (c) => withTail(c, (t) => void delete callOf(t, 0).arguments)],
];

const LINK_EDITS: readonly Edit[] = [
  // A second round reuses the first call's id after that call was answered.
  ["call:duplicate-id", (c) => withTail(c, (t) => {
    t[1]!.content = [callOf(t, 0)];
    t[3] = { id: "rd-a2", role: "assistant", content: [{ type: "toolCall", id: "rd-c1", name: "rd-tool", arguments: {} }] };
    t.push({ id: "rd-r3", role: "toolResult", toolCallId: "rd-c1", toolName: "rd-tool", content: "", isError: false });
  })],
  // The second call's result answers the first call again: as many results as calls, but one twice.
  ["result:second-for-a-call", (c) => withTail(c, (t) => void (t[3]!.toolCallId = "rd-c1"))],
  ["result:name-differs", (c) => withTail(c, (t) => void (t[3]!.toolName = "rd-other"))],
  // Unique among the tool calls only: a call may carry an earlier message's id (held-out s24).
  ["call:id-of-a-message", (c) => withTail(c, (t) => {
    t[1]!.content = [{ ...callOf(t, 0), id: "rd-user" }, callOf(t, 1)];
    t[2]!.toolCallId = "rd-user";
  })],
];

// --- hostile records and arrays (read.ts) --------------------------------------------------

const at = (path: (string | number)[], kind: string, extra: Record<string, Json> = {}): Decoration => ({ kind, target: "input", path, ...extra });
const THROWING_DESCRIPTOR = { throwingTrap: "getOwnPropertyDescriptor" };

const PROTOTYPE_EDITS: readonly Edit[] = [
  ["record:class-instance", (c) => build(c, [at(["messages", fromEnd(c, 4)], "prototype", { proto: "class" })])],
  ["record:null-prototype", (c) => build(c, [at(["messages", fromEnd(c, 4)], "prototype", { proto: "null" })])],
  ["messages:not-an-array", (c) => build({ ...data(c), messages: { 0: { id: "u", role: "user", content: "" } } })],
];

const TRAP_EDITS: readonly Edit[] = [
  ["input:messages-getter", (c) => build(c, [at(["messages"], "getter")])],
  ["input:throwing-descriptor-trap", (c) => build(c, [at([], "proxy", THROWING_DESCRIPTOR)])],
];

const PROXY_TRAP_EDITS: readonly Edit[] = [
  ["message:throwing-descriptor-trap", (c) => build(c, [at(["messages", fromEnd(c, 4)], "proxy", THROWING_DESCRIPTOR)])],
  ["messages:throwing-descriptor-trap", (c) => build(c, [at(["messages"], "proxy", THROWING_DESCRIPTOR)])],
];

const PROXY_EDITS: readonly Edit[] = [
  // A Proxy hides nothing: a missing field or a hole behind one is still missing.
  ["proxy:field-missing", (c) => {
    const messages = messagesOf(c);
    messages[messages.length - 4] = { id: "rd-user", role: "user" };
    return build({ ...data(c), messages }, [at(["messages", messages.length - 4], "proxy")]);
  }],
  ["proxy:hole", (c) => build(c, [at(["messages", fromEnd(c, 4)], "hole"), at(["messages"], "proxy")])],
  // Behind a well-behaved Proxy every slot is read through its descriptor, and each is fine: it builds.
  ["proxy:slots-fine", (c) => build(c, [at(["messages"], "proxy")])],
  // A setter-only accessor reads as undefined: it must be refused as an accessor (INVALID_INPUT), not read as a missing budget.
  ["options:setter-only", (c) => ({
    operation: { kind: "boundary", context: data(c), prebuilt: false, options: { targetUnits: 100, summaryMaxUnits: 10, retainRecentMessages: 0 } },
    decorations: [{ kind: "setterOnly", target: "options", path: ["targetUnits"] }],
  })],
];

// --- what is not a record, and what a trap may throw (read.ts isPlainRecord, the catches) ---

/** Path of the first tool call's arguments in the tail (call rd-c1 of message rd-a). */
const argumentsPath = (c: ContextData): (string | number)[] => ["messages", fromEnd(c, 3), "content", 0, "arguments"];

const NULL_RECORD_EDITS: readonly Edit[] = [
  ["message:null", (c) => build({ ...data(c), messages: [...messagesOf(c), null] })],
  ["block:null", (c) => withTail(c, (t) => void (t[1]!.content as Json[]).push(null))],
  ["options:null", (c) => ({ operation: { kind: "boundary", context: data(c), prebuilt: false, options: null } })],
];

const ARRAY_RECORD_EDITS: readonly Edit[] = [
  // An array is never a record, whatever its prototype: a plain-prototype check alone passes it.
  ["input:null-prototype-array", () => build([], [at([], "prototype", { proto: "null" })])],
  // …and an array in arguments stays an array (valid JSON), not an object of its keys.
  ["arguments:null-prototype-array", (c) => {
    const messages = messagesOf(c) as Record<string, Json>[];
    const call = (messages[fromEnd(c, 3)]!.content as Record<string, Json>[])[0]!;
    call.arguments = { q: [1, "x"] };
    return build({ ...data(c), messages }, [at([...argumentsPath(c), "q"], "prototype", { proto: "null" })]);
  }],
];

const THROWN_VALUE_EDITS: readonly Edit[] = [
  ["message:descriptor-trap-throws-null", (c) => build(c, [at(["messages", fromEnd(c, 4)], "proxy", { ...THROWING_DESCRIPTOR, throwValue: null })])],
  // Only the last item's descriptor throws: the length and the other items read fine, so a
  // reader that asks a Proxy array's items outside its guard lets the exception out.
  ["messages:last-item-descriptor-throws-undefined", (c) => build(c, [at(["messages"], "proxy", { ...THROWING_DESCRIPTOR, throwingKey: String(fromEnd(c, 1)), throwValue: { $cc: "undefined" } })])],
  ["arguments:own-keys-trap-throws-number", (c) => build(c, [at(argumentsPath(c), "proxy", { throwingTrap: "ownKeys", throwValue: 42 })])],
];

export const readingStrengthProperties: readonly PropertyDefinition[] = [
  aimed("reading-requirement-and-units-edges", "128 requirements build, 129 do not; a summary's units count toward the 1,000,000-unit ceiling", "Off-by-one in the requirement count limit, or the summary's units subtracted from (not added to) the units the transcript starts from.", "contract §3, §4", REQUIREMENT_EDGES),
  aimed("reading-string-edges", "A string of 65,536 code points builds, 65,537 does not; strings at exactly 1,000,000 build", "Off-by-one in the per-string limit, the aggregate string limit checked with >=, or the fixed role and type tags counted in it.", "contract §3", STRING_EDGES),
  aimed("reading-requirement-fields", "Requirement content and id, and the summary id, are checked; requirement ids are unique among the requirements (a message may share one)", "A blank requirement content or summary id accepted, a requirement id that is not a string counted as one, two requirements with one id accepted, or a requirement refused for a message's id.", "contract §3", REQUIREMENT_EDITS),
  aimed("proxied-count-past-limit", "Past its count limit behind a Proxy, a channel is still CONTEXT_LIMIT_EXCEEDED: 129 requirements, 4,097 messages, 257 records, 4,097 ids in one record", "A count checked only by peeking at plain arrays before reading, so that a Proxy array past its limit is read to the end and built.", "contract §3", PROXIED_COUNT_EDITS),
  aimed("reading-record-fields", "Compaction records: string ids, unique ids, as many ids as the boundary, at most 4,096", "A compacted message id that is not a string, a duplicate record id, compactedMessageIds of another length than boundary, or more than 4,096 of them accepted.", "contract §3", RECORD_EDITS),
  aimed("reading-message-fields", "Messages: a known role and a non-blank id", "An unknown role read as some message, or a blank user message id accepted.", "contract §2, §3", MESSAGE_EDITS),
  aimed("reading-result-fields", "Tool results: a non-blank id and a boolean isError", "A blank tool-result id, or an isError that is not a boolean or is missing, accepted.", "contract §2, §3", RESULT_EDITS, RESULT_VARIANTS),
  aimed("reading-tool-names-and-blocks", "Tool names are non-blank strings; a block is a text or a toolCall, and a toolCall has its arguments", "A tool name that is a number (the same on call and result) or blank accepted, a block of another type read as a tool call or skipped, or a call without arguments read as one with none.", "contract §2, §3", NAME_EDITS),
  aimed("reading-linkage", "Unique call ids, one result per call, the call's name (a call may share a message's id)", "A duplicate call id, a second result for a call (while another call has none), or a result with another toolName accepted; or a call refused for an earlier message's id.", "contract §2", LINK_EDITS),
  aimed("reading-prototypes", "A class instance is no record, a null-prototype object is one; messages must be an array", "The prototype check inverted or dropped (null prototype refused, class instance accepted), or a non-array transcript read by its length.", "contract §3", PROTOTYPE_EDITS),
  aimed("reading-optional-channels", "An accessor or a throwing trap on the input's channels is refused", "An optional channel read as absent when it is an accessor, or when the input's descriptor trap throws.", "contract §3", TRAP_EDITS),
  aimed("reading-proxied-records", "A throwing trap on a Proxy record or array becomes the contract's code", "A Proxy treated as a plain object (the proxy check cached wrongly), so that its trap's exception escapes as itself.", "contract §3", PROXY_TRAP_EDITS),
  aimed("reading-through-descriptors", "A missing field or a hole behind a Proxy, and a setter-only option, are refused with the contract's code; a Proxy array whose slots are fine builds", "A descriptor assumed to exist (TypeError on a missing field or hole of a Proxy), a setter-only option read as undefined instead of refused, or a Proxy array's slots checked wrong (every slot refused).", "contract §3, §6", PROXY_EDITS),
  aimed("reading-null-records", "null is no record: a null message, content block or options object is refused with the contract's code", "null taken for a record (typeof null is \"object\"), so reading its fields throws a TypeError instead of the contract's code.", "contract §3, §6", NULL_RECORD_EDITS),
  aimed("reading-arrays-not-records", "An array is no record even with a null prototype, and stays an array inside arguments", "Records told from arrays by their prototype alone: an array with a null prototype accepted as the input, or an arguments array read as an object of its keys.", "contract §3", ARRAY_RECORD_EDITS),
  aimed("reading-trap-throws-anything", "A trap that throws null, undefined or a number, also for one array item only, still gives the contract's code", "Only Error exceptions of a trap converted, so a thrown primitive, null or undefined escapes as itself; or the items of a Proxy array read outside the guard once its length read fine.", "contract §3", THROWN_VALUE_EDITS),
];
