import { describe, expect, it } from "vitest";
import { expectedFor } from "../../src/model";
import type { Json } from "../../src/scenario/data";
import { acceptedOutcomes, type Expected } from "../../src/scenario/expected";
import type { Decoration, Operation, Scenario } from "../../src/scenario/scenario";

// The model's accepted sets for the rows of contract §8 (and the budgets §3 now fixes): each
// outcome of a row is accepted, and nothing outside it.

const build = (input: Json, decorations: Decoration[] = []): Scenario => ({ operation: { kind: "build", input }, ...(decorations.length > 0 ? { decorations } : {}) });
/** Every accepted outcome, as "returns" or its sorted codes, with its summarizer calls. */
const accepted = (scenario: Scenario): string[] =>
  acceptedOutcomes(expectedFor(scenario)).map((e: Expected) => `${e.kind === "throws" ? [...e.codes].sort().join("|") : "returns"}/${e.summarizerCalls}`);

const user = (id: string, content = ""): Json => ({ id, role: "user", content });
const record = (id: string, ids: string[]): Json => ({ id, summaryId: "s", boundary: ids.length, compactedMessageIds: ids, unitsBefore: 0, unitsAfter: 0 });

const compact = (over: Partial<Extract<Operation, { kind: "compact" }>> = {}): Extract<Operation, { kind: "compact" }> => ({
  kind: "compact",
  context: { messages: [user("m1", "a".repeat(40)), user("m2", "b")] },
  prebuilt: false,
  options: { targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 0, maxUnits: 40, summaryId: "s", recordId: "r" },
  summarizer: { kind: "text", text: "sum", delivery: "sync" },
  summarizerSlot: "script",
  signal: "controller",
  abort: "none",
  ...over,
});

describe("model: budgets of §3", () => {
  it("does not count the role and type tags in the string total", () => {
    const ids = Array.from({ length: 16 }, (_, i) => "x".repeat(62_500 - (i === 0 ? 4 : 0)));
    // 1,000,000 - 4 + "r" + "s" + "u" + "x" = 1,000,000 code points, roles and types aside.
    expect(accepted(build({ compactions: [record("r", ids)], messages: [user("u", "x")] }))).toEqual(["returns/0"]);
  });

  it("holds at most 4,096 ids in one record; a channel past a count limit adds only LIMIT_EXCEEDED", () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `m${i}`);
    expect(accepted(build({ compactions: [record("r", ids(4096))] }))).toEqual(["returns/0"]);
    expect(accepted(build({ compactions: [record("r", ids(4097))] }))).toEqual(["CONTEXT_LIMIT_EXCEEDED/0"]);
    const many = Array.from({ length: 129 }, (_, i) => ({ id: `q${i}`, content: "c" }));
    expect(accepted(build({ requirements: many }))).toEqual(["CONTEXT_LIMIT_EXCEEDED/0"]);
    // Another channel's broken rule still counts (the channels are not ordered).
    expect(accepted(build({ requirements: many, messages: "not a list" }))).toEqual(["CONTEXT_INVALID_TRANSCRIPT|CONTEXT_LIMIT_EXCEEDED/0"]);
  });

  it("accepts any broken rule's code when several break", () => {
    expect(accepted(build({ requirements: "x", messages: "y" }))).toEqual(["CONTEXT_INVALID_INPUT|CONTEXT_INVALID_TRANSCRIPT/0"]);
  });
});

describe("model: §8 rows of the input", () => {
  it("a channel present with undefined: missing, or the channel's code", () => {
    expect(accepted(build({ messages: { $cc: "undefined" } }))).toEqual(["returns/0", "CONTEXT_INVALID_TRANSCRIPT/0"]);
    expect(accepted(build({ requirements: { $cc: "undefined" } }))).toEqual(["returns/0", "CONTEXT_INVALID_INPUT/0"]);
  });

  it("an accessor on the input's messages field: INVALID_INPUT or INVALID_TRANSCRIPT", () => {
    expect(accepted(build({ messages: [user("u")] }, [{ kind: "getter", target: "input", path: ["messages"] }]))).toEqual(["CONTEXT_INVALID_INPUT|CONTEXT_INVALID_TRANSCRIPT/0"]);
  });
});

describe("model: §7 and §8 rows of compactContext", () => {
  it("an over-long summaryId or recordId is LIMIT_EXCEEDED before the summarizer", () => {
    const options = { targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 0, maxUnits: 40, summaryId: "s", recordId: "r".repeat(65_537) };
    expect(accepted({ operation: compact({ options }) })).toEqual(["CONTEXT_LIMIT_EXCEEDED/0"]);
  });

  it("signal null: no signal, or INVALID_INPUT", () => {
    expect(accepted({ operation: compact({ signal: { value: null } }) })).toEqual(["returns/1", "CONTEXT_INVALID_INPUT/0"]);
  });

  it("a Proxy around the signal works or is refused before the call; a re-prototyped signal is refused or fails after at most one call", () => {
    const proxy: Decoration = { kind: "proxy", target: "options", path: ["signal"] };
    expect(accepted({ operation: compact(), decorations: [proxy] })).toEqual(["returns/1", "CONTEXT_INVALID_INPUT/0"]);
    const proto: Decoration = { kind: "prototype", target: "options", path: ["signal"], proto: "null" };
    expect(accepted({ operation: compact(), decorations: [proto] })).toEqual(["CONTEXT_INVALID_INPUT/0", "CONTEXT_SUMMARIZER_FAILED/1", "CONTEXT_SUMMARIZER_FAILED/0"]);
  });

  it("summary values: Proxies may be refused unread, promises with a caller-controlled lookup observed or refused, realm changes observed", () => {
    const withScript = (summarizer: Extract<Operation, { kind: "compact" }>["summarizer"]) => accepted({ operation: compact({ summarizer, signal: "none" }) });
    expect(withScript({ kind: "proxyValue", get: "forwards", via: "none" })).toEqual(["CONTEXT_SUMMARY_INVALID/1", "CONTEXT_ASYNC_VALUE_UNOBSERVABLE/1"]);
    expect(withScript({ kind: "proxyValue", get: "throws", via: "none" })).toEqual(["CONTEXT_ASYNC_VALUE_UNOBSERVABLE|CONTEXT_SUMMARIZER_FAILED/1"]);
    expect(withScript({ kind: "lockedPromise", lock: "ownAccessor", text: "sum" })).toEqual(["returns/1", "CONTEXT_ASYNC_VALUE_UNOBSERVABLE/1"]);
    expect(withScript({ kind: "redefinedPromiseGlobal", change: "speciesReplaced", text: "sum" })).toEqual(["returns/1"]);
    expect(withScript({ kind: "text", text: " ".repeat(65_537), delivery: "sync" })).toEqual(["CONTEXT_LIMIT_EXCEEDED|CONTEXT_SUMMARY_INSUFFICIENT/1"]);
  });
});
