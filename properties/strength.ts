import fc from "fast-check";
import type { CheckInput, ContextData, Decoration, Json, MessageData, Observation, PropertyDefinition, Scenario, Verdict } from "../src/scenario";
import { SPECIAL_TAG, type AbortPoint } from "../src/scenario";
import { contextData, toolArguments } from "../generators";
import { compactScenarios, validBoundaryScenarios } from "./_internals/arbitraries";
import { compactedLimitEdges, compactedLimitScenarios } from "./_internals/compacted-limits";
import { derivedLimitEdges, derivedLimitScenarios } from "./_internals/derived-limits";
import { once } from "./_internals/calibrate";
import { everyStep, onProgram } from "./_internals/sequence-reading";
import { stepAgreesWithModel } from "./sequences";
import { programScenario } from "../generators/programScenario";
import { allOf, fail, mismatch, pass, show } from "./_internals/format";
import { contextOf } from "./_internals/scenario-reading";
import { modelCodePoints, modelGroups } from "../src/model";
import { defineStrength, editedCompact, modelAgrees, onCompaction, textOf } from "./_internals/strength-define";
import { argumentsStrengthProperties } from "./strength-arguments";
import { asyncOptionsStrengthProperties } from "./strength-async-options";
import { builtIdentityStrengthProperties } from "./strength-built-identity";
import { frozenInputStrengthProperties } from "./strength-frozen-input";
import { readingStrengthProperties } from "./strength-reading";
import { judgedByAccepted } from "./_internals/accepted";
import { pathPick, pickPath, type Path } from "./_internals/path-pick";

// Properties added by the suite-strength work (issue 5), each where a mutant of the
// catalogue (test/mutants/) or a survivor of the mutation run got past the other families.
// Each aims one exact comparison with the model at a narrow class of inputs the general
// generators reach too rarely. Registered by the lead in properties/index.ts.

type Edit = (options: Record<string, Json>) => Record<string, Json>;

const build = (input: ContextData, decorations: Decoration[] = [], labels: string[] = []): Scenario => ({
  operation: { kind: "build", input: input as unknown as Json },
  ...(decorations.length === 0 ? {} : { decorations }),
  labels,
});

/** A valid context that has at least one message, so every path list below is non-empty. */
const someContext = contextData().map((context): ContextData => ({
  ...context,
  messages: [...(context.messages ?? []), { id: "strength-last", role: "user", content: "last" }],
}));

/** Paths of the strings the contract requires to be non-empty (ids, names, requirement text, summary text). */
function requiredStringPaths(context: ContextData): Path[] {
  const paths: Path[] = [];
  (context.requirements ?? []).forEach((_, i) => paths.push(["requirements", i, "id"], ["requirements", i, "content"]));
  if (context.summary) paths.push(["summary", "id"], ["summary", "content"]);
  (context.messages ?? []).forEach((message, i) => {
    paths.push(["messages", i, "id"]);
    if (message.role === "toolResult") paths.push(["messages", i, "toolCallId"], ["messages", i, "toolName"]);
    if (message.role === "assistant") {
      message.content.forEach((block, b) => {
        if (block.type === "toolCall") paths.push(["messages", i, "content", b, "id"], ["messages", i, "content", b, "name"]);
      });
    }
  });
  (context.compactions ?? []).forEach((record, i) => {
    paths.push(["compactions", i, "id"], ["compactions", i, "summaryId"]);
    record.compactedMessageIds.forEach((_, j) => paths.push(["compactions", i, "compactedMessageIds", j]));
  });
  return paths;
}

/** Every field of every record (required strings, plus role, content, isError, type, arguments). */
function fieldPaths(context: ContextData): Path[] {
  const paths = requiredStringPaths(context);
  (context.messages ?? []).forEach((message, i) => {
    paths.push(["messages", i, "role"], ["messages", i, "content"]);
    if (message.role === "toolResult") paths.push(["messages", i, "isError"]);
    if (message.role === "assistant") message.content.forEach((block, b) => paths.push(["messages", i, "content", b, "type"]));
  });
  return paths;
}

function setAt<T>(root: T, path: Path, value: Json): T {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let parent = copy;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  parent[path[path.length - 1]!] = value;
  return copy as T;
}

const BLANKS = ["", " ", "\t\n", "\u00a0", "\u2003\ufeff"];

/** Kinds of requiredStringPaths, then the other fields of fieldPaths (see pickPath). */
const REQUIRED_KINDS = [
  "requirements.*.id", "requirements.*.content", "summary.id", "summary.content", "messages.*.id", "messages.*.toolCallId", "messages.*.toolName",
  "messages.*.content.*.id", "messages.*.content.*.name", "compactions.*.id", "compactions.*.summaryId", "compactions.*.compactedMessageIds.*",
];
const FIELD_KINDS = [...REQUIRED_KINDS, "messages.*.role", "messages.*.content", "messages.*.isError", "messages.*.content.*.type"];
const CHANNEL_KINDS = ["requirements", "summary", "messages", "compactions"];

// The field is picked beside the context and applied by `.map` (pickPath), so the context
// shrinks around the same field.
const blankFieldScenarios = (): fc.Arbitrary<Scenario> =>
  fc.tuple(someContext, pathPick(REQUIRED_KINDS.length), fc.constantFrom(...BLANKS)).map(([context, pick, blank]) => {
    const path = pickPath(requiredStringPaths(context), REQUIRED_KINDS, pick);
    return build(setAt(context, path, blank), [], [`blank:${path.filter((p) => typeof p === "string").join(".")}`]);
  });

const accessorScenarios = (): fc.Arbitrary<Scenario> =>
  // Half the cases put the accessor on a field of the input itself (requirements, messages,
  // summary, compactions: optional channels read another way), half deeper.
  fc.tuple(someContext, fc.boolean(), pathPick(FIELD_KINDS.length), fc.constantFrom("getter", "setterOnly")).map(([context, onChannel, pick, kind]) => {
    const path = onChannel ? pickPath(Object.keys(context).map((key): Path => [key]), CHANNEL_KINDS, { ...pick, kind: pick.kind % CHANNEL_KINDS.length }) : pickPath(fieldPaths(context), FIELD_KINDS, pick);
    return build(context, [{ kind, target: "input", path }], [`accessor:${kind}`]);
  });

/** Paths of every value inside `value` (object keys and array items), relative to it. */
function innerPaths(value: Json, prefix: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => [[...prefix, i], ...innerPaths(item, [...prefix, i])]);
  // A Special tag ({"$cc": "-0"}, …) is one scalar once materialized: nothing inside it to point at.
  if (value === null || typeof value !== "object" || SPECIAL_TAG in value) return [];
  return Object.keys(value).flatMap((key) => [[...prefix, key], ...innerPaths(value[key]!, [...prefix, key])]);
}

/**
 * A tool call whose arguments get a value replaced by the container holding it: a cycle; or,
 * half the time, a container reached twice (the same object under a second key or item): no
 * cycle, so it builds like two copies (contract §3 forbids cycles, not shared containers).
 */
const argumentCycleScenarios = (): fc.Arbitrary<Scenario> =>
  fc.tuple(someContext, toolArguments(), pathPick(1), fc.boolean(), fc.constantFrom<[Path, Path]>([["shared"], ["strength"]], [["shared"], ["strength", "inner"]], [["list", 1], ["list", 0]])).map(([context, generated, pick, shared, [alias, of]]) => {
    const args = { ...(generated as Record<string, Json>), strength: { inner: [1] }, ...(shared ? { shared: 0, list: [{ k: "v" }, 0] } : {}) };
    const round: MessageData[] = [
      { id: "strength-a", role: "assistant", content: [{ type: "toolCall", id: "strength-c", name: "probe", arguments: args }] },
      { id: "strength-r", role: "toolResult", toolCallId: "strength-c", toolName: "probe", content: "", isError: false },
    ];
    const withRound = { ...context, messages: [...(context.messages ?? []), ...round] };
    const at: Path = ["messages", withRound.messages.length - 2, "content", 0, "arguments"];
    if (shared) return build(withRound, [{ kind: "alias", target: "input", path: [...at, ...alias], of: [...at, ...of] }], [`shared:${of.join(".")}`]);
    // Counted from the end of the arguments' paths (pickPath with no kinds), so the same place
    // stays picked while the arguments before it shrink.
    const inner = pickPath(innerPaths(args), [], pick);
    return build(withRound, [{ kind: "cycle", target: "input", path: [...at, ...inner] }], [`cycle:depth-${inner.length}`]);
  });

/**
 * Strings totalling 1,000,000 + delta code points, held in a compaction record (records cost
 * no units, so only the aggregate string budget can reject it); astral text makes UTF-16
 * length and code points differ.
 */
const aggregateStringScenarios = (): fc.Arbitrary<Scenario> =>
  fc.tuple(fc.integer({ min: -2, max: 2 }), fc.integer({ min: 16, max: 24 }), fc.boolean()).map(([delta, count, astral]) => {
    const total = 1_000_000 + delta - 2; // "r" and "s" are the record's other strings
    const ids = Array.from({ length: count }, (_, i) => {
      const length = Math.floor(total / count) + (i === 0 ? total % count : 0);
      return astral && i === 1 ? "😀".repeat(length) : "x".repeat(length);
    });
    const record = { id: "r", summaryId: "s", boundary: count, compactedMessageIds: ids, unitsBefore: 0, unitsAfter: 0 };
    return build({ compactions: [record] }, [], [`strings:${delta > 0 ? "over" : "within"}`]);
  });

const BOUNDARY_EDITS: readonly [string, Edit][] = [
  ["summaryMax=target+1", (o) => ({ ...o, summaryMaxUnits: (o.targetUnits as number) + 1 })],
  ["summaryMax=target", (o) => ({ ...o, summaryMaxUnits: o.targetUnits as number })],
  ["target=1000001", (o) => ({ ...o, targetUnits: 1_000_001 })],
  ["target=1000000", (o) => ({ ...o, targetUnits: 1_000_000 })],
  ["target=0", (o) => ({ ...o, targetUnits: 0 })],
  ["summaryMax=0", (o) => ({ ...o, summaryMaxUnits: 0 })],
  ["retain=-1", (o) => ({ ...o, retainRecentMessages: -1 })],
  ["retain=4096", (o) => ({ ...o, retainRecentMessages: 4096 })],
  ["retain=4097", (o) => ({ ...o, retainRecentMessages: 4097 })],
  ["target=1.5", (o) => ({ ...o, targetUnits: 1.5 })],
  // A fraction that rounds to a valid budget: refused all the same (a budget is a safe integer).
  ["target=target+0.5", (o) => ({ ...o, targetUnits: (o.targetUnits as number) + 0.5 })],
];
const COMPACT_EDITS: readonly [string, Edit][] = [
  ...BOUNDARY_EDITS,
  ["maxUnits=target-1", (o) => ({ ...o, maxUnits: (o.targetUnits as number) - 1 })],
  ["maxUnits=target", (o) => ({ ...o, maxUnits: o.targetUnits as number })],
  ["maxUnits=1000001", (o) => ({ ...o, maxUnits: 1_000_001 })],
  ["maxUnits=1000000", (o) => ({ ...o, maxUnits: 1_000_000 })],
  ["maxUnits=target+0.5", (o) => ({ ...o, maxUnits: (o.targetUnits as number) + 0.5 })],
];

function withEdit(scenario: Scenario, [name, edit]: [string, Edit]): Scenario {
  const operation = scenario.operation;
  if (operation.kind !== "boundary" && operation.kind !== "compact") return scenario;
  const options = edit(operation.options as Record<string, Json>);
  return { ...scenario, operation: { ...operation, options }, labels: [...(scenario.labels ?? []), `edge:${name}`] };
}

const optionEdgeScenarios = (): fc.Arbitrary<Scenario> =>
  fc.oneof(
    fc.tuple(validBoundaryScenarios(), fc.constantFrom(...BOUNDARY_EDITS)).map(([s, e]) => withEdit(s, e)),
    fc.tuple(compactScenarios("compacts"), fc.constantFrom(...COMPACT_EDITS)).map(([s, e]) => withEdit(s, e)),
  );

/** One scenario of `arbitrary`, drawn with a fixed seed: the base of a property's edge cases. */
const drawnOnce = (arbitrary: fc.Arbitrary<Scenario>): Scenario => fc.sample(arbitrary, { seed: 20261202, numRuns: 1 })[0]!;

/**
 * A budget present as null: not a safe integer, so CONTEXT_INVALID_BUDGET (§6: only a missing
 * field is CONTEXT_INVALID_INPUT; §8 leaves the choice for a field present as undefined, never for
 * null). Edge cases only (below), so the generated cases stay those drawn before they were added.
 */
const NULL_EDITS: readonly [string, Edit][] = [
  ["target=null", (o) => ({ ...o, targetUnits: null })],
  ["summaryMax=null", (o) => ({ ...o, summaryMaxUnits: null })],
  ["retain=null", (o) => ({ ...o, retainRecentMessages: null })],
];

/**
 * Every edit once, on one boundary and one compaction drawn with a fixed seed: a short run (30
 * cases, 24 edits) would otherwise leave some edit untried, and a mistake of one bound unseen;
 * and each budget present as null.
 */
const optionEdges = once((): readonly Scenario[] => {
  const [boundary, compaction] = [drawnOnce(validBoundaryScenarios()), drawnOnce(compactScenarios("compacts"))];
  return [
    ...BOUNDARY_EDITS.map((e) => withEdit(boundary, e)),
    ...COMPACT_EDITS.map((e) => withEdit(compaction, e)),
    ...NULL_EDITS.map((e) => withEdit(boundary, e)),
    ...[...NULL_EDITS, ["maxUnits=null", (o) => ({ ...o, maxUnits: null })] as [string, Edit]].map((e) => withEdit(compaction, e)),
  ];
});

/**
 * retainRecentMessages set so that the latest allowed cut is one message before a group end
 * (the first one, with a target everything fits, or any one): an off-by-one in the latest
 * cut then takes exactly that group.
 */
const retentionEdgeScenarios = (): fc.Arbitrary<Scenario> =>
  fc.tuple(validBoundaryScenarios(), fc.nat(), fc.boolean()).map(([scenario, pick, roomy]) => {
    const operation = scenario.operation;
    const messages = operation.kind === "boundary" ? (contextOf(operation).messages ?? []) : [];
    if (operation.kind !== "boundary" || messages.length === 0) return scenario;
    const ends = modelGroups(messages).map((group) => group.endIndex);
    const end = roomy ? ends[0]! : ends[pick % ends.length]!;
    const options = { ...(operation.options as Record<string, Json>), retainRecentMessages: messages.length - end + 1, ...(roomy ? { targetUnits: 1_000_000 } : {}) };
    return { ...scenario, operation: { ...operation, options }, labels: [...(scenario.labels ?? []), `retention:${roomy ? "first-group" : "any-group"}`] };
  });

/** A summarizer whose promise rejects, with the signal aborted at each point around it. */
const rejectionScenarios = (): fc.Arbitrary<Scenario> =>
  // Half the cases abort inside the summarizer (the value arrives with the signal already
  // aborted: only what handles it late can catch its rejection), half at the other points.
  // A third of the cases (the last draw, so the others are generated and shrunk as before)
  // reject with an AbortError while the signal is never aborted: the summarizer's own failure,
  // CONTEXT_SUMMARIZER_FAILED, not a cancellation (§7; held-out s21).
  onCompaction(
    fc.tuple(fc.oneof(fc.constant<AbortPoint>("inSummarizer"), fc.constantFrom<AbortPoint>("none", "whilePending", "atSettlement")), fc.string({ maxLength: 8 }), fc.constantFrom<string | null>(null, null, null, null, "abortError", "abortNamedError")),
    ([drawn, reason, abortError]) => {
      const abort: AbortPoint = abortError === null ? drawn : "none";
      const value: Json = abortError === null ? reason : { [SPECIAL_TAG]: abortError };
      return editedCompact(`rejects:abort-${abort}${abortError === null ? "" : `-${abortError}`}`, (op) => ({ ...op, summarizer: { kind: "reject", value }, signal: "controller", abort }));
    },
  );

/**
 * A compaction that would succeed, with a genuine signal whose abort the caller hides from a
 * compactor that does not read its state through the intrinsic getter, aborted at each point:
 * a listener of the caller's stops the abort event before the compactor's own listener runs
 * ("muted"), or the caller gave the signal an own data property `aborted: false` ("shadowed",
 * drawn last, one case in four, so the muted cases' shrinking is as before). A third of the
 * cases (a coin drawn last: every other case as before) return a native promise that rejects
 * instead of delivering the text: aborted while it was pending or just before it rejects, the
 * signal read when the value settles makes it CONTEXT_CANCELLED, not CONTEXT_SUMMARIZER_FAILED
 * (§7 step 5; contract-decisions 12: a native promise that rejects after the abort; held-out b3).
 */
const mutedAbortScenarios = (): fc.Arbitrary<Scenario> =>
  onCompaction(
    fc.tuple(fc.constantFrom<AbortPoint>("beforeCall", "inSummarizer", "whilePending", "atSettlement", "afterSettlement"), fc.constantFrom<"controllerMuted" | "controllerShadowed">("controllerMuted", "controllerMuted", "controllerMuted", "controllerShadowed"), fc.constantFrom(false, false, true)),
    ([abort, signal, rejects]) =>
      editedCompact(`${signal === "controllerMuted" ? "muted" : "shadowed"}:abort-${abort}${rejects ? ":rejects" : ""}`, (op) => ({ ...op, signal, abort, ...(rejects ? { summarizer: { kind: "reject", value: "the summary service is down" } } : {}) })),
  );

/** Values a summarizer may answer with that are not text, some shaped like what text is made of. */
const NOT_TEXT: readonly Json[] = [
  42,
  null,
  true,
  ["a summary"],
  { role: "assistant", content: "a summary" },
  { type: "text", text: "a summary" },
  { [SPECIAL_TAG]: "undefined" },
  { [SPECIAL_TAG]: "bigint", value: "7" },
  { [SPECIAL_TAG]: "symbol", description: "summary" },
  { [SPECIAL_TAG]: "function" },
  // A String object: text in every way but typeof (contract §7 step 6: a primitive string).
  { [SPECIAL_TAG]: "boxedString", value: "a summary" },
];

/**
 * The compaction's text with its first code point replaced by a lone low surrogate, which no
 * code point before it can pair with: as many code points, and still a string (§4, §7 step 6).
 */
const withLoneSurrogate = (text: string): string => `\udc00${[...text].slice(1).join("")}`;

/**
 * A compaction that would succeed, but the summarizer answers with something that is not a
 * string. A quarter of the cases (the last draw, so the others are generated and shrunk as
 * before) answer with a string holding a lone surrogate instead: a string, so the summary
 * (held-out s21: a well-formedness test refused it).
 */
const nonStringSummaryScenarios = (): fc.Arbitrary<Scenario> =>
  onCompaction(fc.tuple(fc.constantFrom(...NOT_TEXT), fc.constantFrom<"sync" | "promise">("sync", "promise"), fc.constantFrom(false, false, false, true)), ([value, delivery, lone]) =>
    lone
      ? editedCompact(`summary:lone-surrogate-${delivery}`, (op) => ({ ...op, summarizer: { kind: "text", text: withLoneSurrogate(textOf(op)), delivery } }))
      : editedCompact(`summary:not-text-${delivery}`, (op) => ({ ...op, summarizer: { kind: "value", value, delivery } })),
  );

/** Every value of NOT_TEXT, delivered both ways, on one compaction drawn with a fixed seed: each is tried in a short run. */
const nonStringSummaryEdges = once((): readonly Scenario[] => {
  const compaction = drawnOnce(compactScenarios("compacts"));
  return NOT_TEXT.flatMap((value) => (["sync", "promise"] as const).map((delivery) => editedCompact(`summary:not-text-${delivery}`, (op) => ({ ...op, summarizer: { kind: "value", value, delivery } }))(compaction)));
});

/**
 * A compaction that would succeed, but the summarizer answers with only whitespace. A quarter of
 * the cases (the last draw, so the others are generated and shrunk as before) answer with a text
 * padded by whitespace one code point over its room instead (paddedOver: held-out s28, a summary
 * measured on its trimmed text).
 */
const whitespaceSummaryScenarios = (): fc.Arbitrary<Scenario> =>
  onCompaction(fc.tuple(fc.constantFrom(...BLANKS), fc.constantFrom<"sync" | "promise">("sync", "promise"), fc.constantFrom(false, false, false, true)), ([text, delivery, padded]) =>
    padded ? paddedOver(text === "" ? " " : text, delivery) : editedCompact(`summary:blank-${delivery}`, (op) => ({ ...op, summarizer: { kind: "text", text, delivery } })),
  );

/**
 * The compaction's summary as a text padded by `pad` (whitespace) that puts it one code point over
 * its room (5 + u(summaryId) + u(text) = summaryMaxUnits + 1; more where the pad alone fills the
 * room), the text inside fitting: §7 step 6 measures the text as returned, whitespace too.
 */
const paddedOver = (pad: string, delivery: "sync" | "promise") =>
  editedCompact(`summary:padded-over-${delivery}`, (op) => {
    const { summaryMaxUnits, summaryId } = op.options as { readonly summaryMaxUnits?: unknown; readonly summaryId?: unknown };
    if (typeof summaryMaxUnits !== "number" || typeof summaryId !== "string") return op;
    const room = summaryMaxUnits - 5 - modelCodePoints(summaryId);
    const p = modelCodePoints(pad);
    const text = room >= 2 * p ? `${pad}${"s".repeat(room + 1 - 2 * p)}${pad}` : `${pad}${"s".repeat(Math.max(1, room + 1 - p))}`;
    return { ...op, summarizer: { kind: "text", text, delivery } };
  });

const highSurrogate = fc.integer({ min: 0xd800, max: 0xdbff }).map((u) => String.fromCharCode(u));
const lowSurrogate = fc.integer({ min: 0xdc00, max: 0xdfff }).map((u) => String.fromCharCode(u));
/** Runs of surrogates in any order: lone highs and lows side by side, pairs, and letters between. */
const surrogateRun = fc
  .array(fc.oneof(highSurrogate, lowSurrogate, fc.constantFrom("a", "😀")), { minLength: 1, maxLength: 8 })
  .map((parts) => parts.join(""));

/** estimateContextUnits of a context whose ids and texts are surrogate runs. */
const surrogateRunScenarios = (): fc.Arbitrary<Scenario> =>
  fc.tuple(surrogateRun, surrogateRun, fc.boolean()).map(([id, content, prebuilt]): Scenario => ({
    operation: { kind: "units", input: { messages: [{ id, role: "user", content }] }, prebuilt },
    labels: [`prebuilt:${prebuilt}`, ...(/[\uDC00-\uDFFF][\uDC00-\uDFFF]/.test(id + content) ? ["surrogates:adjacent-lows"] : [])],
  }));

/** As many summarizer calls as the model expects (e.g. none when an option is refused, §7). */
function sameSummarizerCalls({ observation, expected }: CheckInput): Verdict {
  const calls = observation.summarizerCalls.length;
  return calls === expected.summarizerCalls ? pass : mismatch("summarizer calls", expected.summarizerCalls, calls);
}

function noHostileCalls(observation: Observation): Verdict {
  const touched = Object.entries(observation.hostile).filter(([, count]) => count > 0);
  return touched.length === 0 ? pass : fail(`expected no accessor of the input to be called, observed calls: ${show(Object.fromEntries(touched))}`);
}

const define = defineStrength;

const baseStrengthProperties: readonly PropertyDefinition[] = [
  define("blank-required-strings-rejected", "A blank id, name or required text is rejected with the model's code", 1, "Checking that an id is a string but not that it has non-whitespace text (trim() also strips \\u00a0, \\u2003, \\ufeff).", "contract §2, §3", blankFieldScenarios(), modelAgrees),
  { ...define("option-budget-edges", "Options at and just past each budget bound get the model's answer", 1, "An off-by-one or missing bound: summaryMaxUnits > targetUnits, maxUnits < targetUnits, 1,000,000, 4,096; or a fractional budget rounded to an integer instead of refused; or a budget present as null taken for a missing one (CONTEXT_INVALID_INPUT).", "contract §6, §7", optionEdgeScenarios(), modelAgrees), edgeCases: optionEdges },
  define("retention-edge", "A group ending one message past the latest allowed cut is never taken", 1, "An off-by-one in messages.length - retainRecentMessages that compacts one retained message.", "contract §6", retentionEdgeScenarios(), modelAgrees),
  define("accessors-never-called", "An accessor anywhere in the input is rejected without being called", 1, "Reading fields with record[key] (or spreading) while validating, which runs the caller's getters.", "contract §3", accessorScenarios(), allOf(({ observation }: CheckInput) => noHostileCalls(observation), modelAgrees)),
  define("argument-cycles-are-invalid", "A cycle inside tool arguments is rejected, as a cycle or as deeper than 32 (either code), never followed without end; a container shared by two keys is no cycle", 1, "Following a cycle without a bound (the depth checked only once a container is read), so the stack overflows and a RangeError escapes, or the call hangs; or remembering every container seen, so a shared one is taken for a cycle.", "contract §3, §8", argumentCycleScenarios(), modelAgrees),
  define("aggregate-string-budget", "All strings together are held to 1,000,000 code points", 1, "Checking each string against 65,536 but never the total, or counting the total in UTF-16 code units.", "contract §3", aggregateStringScenarios(), modelAgrees),
  define("whitespace-summary-rejected", "A summary of only whitespace is refused with the model's code; whitespace around a summary counts toward summaryMaxUnits", 1, "Accepting a blank summary (or one the trim rule calls blank: \\u00a0, \\u2003, \\ufeff) as the new context's summary; or measuring the summary on its trimmed text, so a padded summary over summaryMaxUnits is stored.", "contract §7 step 6", whitespaceSummaryScenarios(), modelAgrees),
  define("surrogate-runs-counted", "Lone surrogates side by side count one code point each", 1, "Pairing a surrogate with the next one without checking that the first is a high surrogate (two lone lows counted as one code point).", "contract §4", surrogateRunScenarios(), modelAgrees),
  // 5 limits × 2 sides × astral × prebuilt: 40 shapes of up to 1,000,000 code points each.
  { ...define("derived-context-limits", "The new context of a compaction is held to every limit; an over-long summaryId or recordId is refused before the summarizer", 1, "Building the compacted context without validating it: a 257th record, collection items or strings pushed past the limit by the record; or a summaryId or recordId over 65,536 code points found only after calling the summarizer.", "contract §7 steps 1, 8, §3", derivedLimitScenarios(), allOf(modelAgrees, sameSummarizerCalls)), numRuns: 10, edgeCases: derivedLimitEdges },
  { ...define("compacted-context-limits", "A context that compaction derived is held to every limit when it is compacted again", 1, "Counting the new context's collection items or strings from the old context's tables read from their start, not from the offset where the compacted context begins.", "contract §7 step 8, §3", compactedLimitScenarios(), (input) => onProgram(input, everyStep(stepAgreesWithModel))), numRuns: 2, edgeCases: compactedLimitEdges },
  define("compacted-context-compacts-again", "A context that compaction derived is compacted again as the model says", 1, "Units, groups or limits of a compacted context read from the old context's tables at the wrong offset, so the next compaction cuts, counts or refuses differently.", "contract §7", programScenario({ repeatCompactions: 2 }), (input) => onProgram(input, everyStep(stepAgreesWithModel))),
  define("muted-abort-still-cancels", "An abort is seen even if a caller's listener stopped the abort event (also when the summary then rejects), or an own aborted property of the signal reads false", 1, "Learning of an abort otherwise than from the signal's state as the intrinsic aborted getter reads it: only from the abort event (a caller's listener that calls stopImmediatePropagation() hides it), or from signal.aborted read as a property (an own aborted property false hides it); the context is compacted all the same. Or, when the summary settles, looking at its rejection before reading the signal, so a muted abort followed by a rejection is CONTEXT_SUMMARIZER_FAILED.", "contract §7 steps 3, 5, 6 (genuine signal: the intrinsic aborted getter)", mutedAbortScenarios(), modelAgrees),
  { ...define("non-string-summary-rejected", "A summary that is not a string is refused with CONTEXT_SUMMARY_INVALID; any string is one, with a lone surrogate too", 1, "Coercing the summarizer's value to text (String(value), value.text, value.content) instead of refusing anything but a string, or taking a String object for one; or refusing a string that is not well-formed UTF-16.", "contract §7 step 6", nonStringSummaryScenarios(), modelAgrees), edgeCases: nonStringSummaryEdges },
  define("rejections-always-handled", "A rejecting summary never leaves an unhandled rejection, whenever the signal aborts; without an abort it fails with CONTEXT_SUMMARIZER_FAILED, an AbortError too", 1, "Answering CONTEXT_CANCELLED without handling the summarizer's promise, whose rejection then reaches the process; or taking the summarizer's own AbortError for a cancellation.", "contract §7 step 5", rejectionScenarios(), (input) => {
    if (input.observation.unhandledRejections !== 0) return mismatch("unhandledRejection events", 0, input.observation.unhandledRejections);
    return modelAgrees(input);
  }),
];

export const strengthProperties: readonly PropertyDefinition[] = judgedByAccepted([
  ...baseStrengthProperties,
  ...readingStrengthProperties,
  ...asyncOptionsStrengthProperties,
  ...argumentsStrengthProperties,
  ...frozenInputStrengthProperties,
  ...builtIdentityStrengthProperties,
]);
