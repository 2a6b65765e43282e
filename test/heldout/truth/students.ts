// The six whole student implementations, written from scratch, with their planted mistakes
// (each can be switched off: their compose.ts; with all of them off, each answers as src/core on
// the checker's scenarios, apart from the §8 choices listed in their compose.ts LATITUDE).
import * as A from "./async";
import * as B from "./boundary";
import * as C from "./cancellation";
import { call, compact, options, result, user, users, usersInput } from "../_witness/fixtures";
import { sync } from "../_witness/observe";
import type { Implementation, Mistake } from "./types";

const built = () => "built";

const fieldGetterCalled: Mistake = {
  id: "field-getter-called",
  says: "A message's fields are read by ordinary property access, so a getter on a field is called and its value used; every field must be an own data property, an accessor is refused (CONTEXT_INVALID_TRANSCRIPT inside messages) without being called.",
  breaks: "§3 input rules (every field is an own data property; an accessor is rejected without being called)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: [{ id: 'u', role: 'user', get content() { return 'a' } }] })",
    run: (m) =>
      sync(
        () =>
          m.buildActiveContext({
            messages: [
              {
                id: "u",
                role: "user",
                get content() {
                  return "a";
                },
              },
            ],
          }),
        built,
      ),
    expected: { error: "CONTEXT_INVALID_TRANSCRIPT" },
  },
};

const classInstanceArguments: Mistake = {
  id: "class-instance-arguments",
  says: "A class instance (a Date, a Map, any object whose prototype is not Object.prototype or null) in tool-call arguments is accepted as a JSON object; arguments hold JSON values only, a class instance fails (CONTEXT_INVALID_TRANSCRIPT).",
  breaks: "§3 input rules (tool-call arguments: values JSON only; class instances fail)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext of an assistant whose call's arguments are { d: new Date(0) }, and its result",
    run: (m) => sync(() => m.buildActiveContext({ messages: [call("a", [["c", "t", { d: new Date(0) } as never]]), result("r", "c", "t")] }), built),
    expected: { error: "CONTEXT_INVALID_TRANSCRIPT" },
  },
};

const objectKeysNotCounted: Mistake = {
  id: "object-keys-not-counted",
  says: "J(object) leaves out the code points of each key; it is 2 + Σ over keys (1 + u(key) + J(value)).",
  breaks: "§4 (J(object) = 2 + Σ (1 + u(key) + J(value)))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits of an assistant calling t with arguments { abc: 1 } and its empty result",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [call("a", [["c", "t", { abc: 1 }]]), result("r", "c", "t", "")] })),
    expected: { value: 31 },
  },
};

const boundaryReservesCurrentSummary: Mistake = {
  id: "boundary-reserves-current-summary",
  says: "The boundary reserves the current summary's units instead of summaryMaxUnits; fixed = Σ requirements + summaryMaxUnits (the new summary may take up to summaryMaxUnits).",
  breaks: "§6 (fixed = Σ requirements + summaryMaxUnits)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(4 users of 14, no summary, { targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1 })",
    run: (m) => sync(() => m.selectCompactionBoundary(usersInput(4), { targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1 })),
    expected: { value: 3 },
  },
};

const noAbortListener: Mistake = {
  id: "no-abort-listener",
  says: "The signal is only read at fixed points, never listened to, so an abort while the summary is pending on a value that never settles leaves the call hanging; an abort while waiting must reject with CONTEXT_CANCELLED.",
  breaks: "§7 step 5 (await the value while watching the signal: an abort while waiting → CONTEXT_CANCELLED; its abort listener stays attached)",
  criterion: "cancellation",
  witness: {
    call: "compactContext(4 users, { signal }) with a summarizer returning a promise that never settles; the signal is aborted in a later macrotask",
    run: (m) => {
      const controller = new AbortController();
      const summarizer = () => {
        setImmediate(() => controller.abort());
        return new Promise(() => {});
      };
      return compact(m, usersInput(4), options(summarizer, { signal: controller.signal }));
    },
    expected: { error: "CONTEXT_CANCELLED" },
  },
};

const summaryBase4: Mistake = {
  id: "summary-base-4",
  says: "A summary is counted 4 + u(id) + u(content), like a message; its structural weight is 5.",
  breaks: "§4 (summary = 5 + u(id) + u(content))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ summary: { id: 's', content: 'x' } })",
    run: (m) => sync(() => m.estimateContextUnits({ summary: { id: "s", content: "x" } })),
    expected: { value: 7 },
  },
};

/**
 * Found by the grader in session 28 (strength.argument-keys-named-like-prototype-members failed
 * with every written mistake off), not listed by the writers of bob and carol: both copy tool-call
 * arguments with plain stores. Flagged then, so the ground truth holds every mistake they made.
 */
const argumentProtoKeyStored: Mistake = {
  id: "argument-proto-key-stored",
  says: "Tool-call arguments are copied with plain stores (copy[key] = value), so a \"__proto__\" key sets the copy's prototype instead of becoming a key of it; the copy must hold every key of the arguments as its own key.",
  breaks: "§3 (buildActiveContext returns a deep copy of the input's data, tool-call arguments included)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext of a tool call whose arguments are JSON.parse('{\"__proto__\":{\"x\":1}}'): does the copy have \"__proto__\" as its own key?",
    run: (m) =>
      sync(
        () => {
          const built = m.buildActiveContext({ messages: [{ id: "a", role: "assistant", content: [{ type: "toolCall", id: "c", name: "n", arguments: JSON.parse('{"__proto__":{"x":1}}') }] }, { id: "r", role: "toolResult", toolCallId: "c", toolName: "n", content: "", isError: false }] }) as { messages: { content: { arguments: object }[] }[] };
          return Object.hasOwn(built.messages[0]!.content[0]!.arguments, "__proto__");
        },
      ),
    expected: { value: true },
  },
};

const recordStringsUncounted: Mistake = {
  id: "record-strings-uncounted",
  says: "The strings of compaction records (ids, summaryId, compactedMessageIds) are left out of the 1,000,000 code-point total; every string value the contract bounds counts, so records whose ids add up to more than 1,000,000 are refused with CONTEXT_LIMIT_EXCEEDED.",
  breaks: "§3 budgets (all strings together at most 1,000,000 code points, record summaryId and compactedMessageIds included)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext of 16 records whose ids are 65,536 code points each",
    run: (m) =>
      sync(
        () =>
          m.buildActiveContext({
            compactions: Array.from({ length: 16 }, (_, i) => ({
              id: `${i}`.padEnd(65536, "x"),
              summaryId: "s",
              boundary: 1,
              compactedMessageIds: ["m"],
              unitsBefore: 1,
              unitsAfter: 1,
            })),
          }),
        built,
      ),
    expected: { error: "CONTEXT_LIMIT_EXCEEDED" },
  },
};

const summaryTrimmedUnits: Mistake = {
  id: "summary-trimmed-units",
  says: "The summary's size is measured on the trimmed text, so a summary padded with whitespace passes summaryMaxUnits; it is 5 + u(summaryId) + u(text) of the text as returned.",
  breaks: "§7 step 6 (5 + u(summaryId) + u(text) > summaryMaxUnits → CONTEXT_SUMMARY_INSUFFICIENT)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 9, summaryId: 's', … }) with the summary 'sum  ' (11 units)",
    run: (m) => compact(m, usersInput(4), options(() => "sum  ", { summaryMaxUnits: 9 })),
    expected: { error: "CONTEXT_SUMMARY_INSUFFICIENT" },
  },
};

const throwAfterResolveFails: Mistake = {
  id: "throw-after-resolve-fails",
  says: "A then that throws after calling its resolve makes the summary fail; a throw after a resolver call is ignored.",
  breaks: "§7 step 5 (a throw before any resolver call → CONTEXT_SUMMARIZER_FAILED; a throw after one is ignored)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users) with a summarizer returning { then(resolve) { resolve('sum'); throw new Error() } }",
    run: (m) =>
      compact(
        m,
        usersInput(4),
        options(() => ({
          then(resolve: (v: unknown) => void) {
            resolve("sum");
            throw new Error("after");
          },
        })),
        A.summaryOnly,
      ),
    expected: A.compactedWith("sum"),
  },
};

const unitsAfterWithoutSummary: Mistake = {
  id: "units-after-without-summary",
  says: "The record's unitsAfter leaves out the new summary; it is the units of the new context (requirements, the new summary and the kept messages).",
  breaks: "§7 step 8 (unitsAfter: units of the new context)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext(4 users) with the summary 'sum' → result.record.unitsAfter",
    run: (m) => compact(m, { messages: users(4) }, options(() => "sum"), (value) => ({ unitsAfter: (value as { record: { unitsAfter: number } }).record.unitsAfter })),
    expected: { value: { unitsAfter: 23 } },
  },
};

const jsonNullAsWord: Mistake = {
  id: "json-null-as-word",
  says: "J(null) is counted like the other primitives, 1 + the length of its text (5); J(null) is 1 (only numbers are 1 + String(n).length, and true and false are 5 and 6).",
  breaks: "§4 (J(null) = 1)",
  criterion: "units",
  witness: {
    call: "estimateContextUnits of an assistant calling t with arguments { a: null } and its empty result",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [call("a", [["c", "t", { a: null }]]), result("r", "c", "t", "")] })),
    expected: { value: 28 },
  },
};

const boundaryForgetsRequirements: Mistake = {
  id: "boundary-forgets-requirements",
  says: "The boundary reserves only summaryMaxUnits beside the kept messages and leaves the requirements out, so it cuts too early; fixed = Σ requirements + summaryMaxUnits (the requirements stay in the compacted context).",
  breaks: "§6 step 2 (fixed = Σ requirements + summaryMaxUnits)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(a requirement of 12 units and 4 users of 14, { targetUnits: 40, summaryMaxUnits: 10, retainRecentMessages: 1 })",
    run: (m) =>
      sync(() =>
        m.selectCompactionBoundary({ requirements: [{ id: "r", content: "xxxxxxxx" }], messages: users(4) }, { targetUnits: 40, summaryMaxUnits: 10, retainRecentMessages: 1 }),
      ),
    expected: { value: 3 },
  },
};

const asyncDepth64Refused: Mistake = {
  id: "async-depth-64-refused",
  says: "A value received at level 64 is already refused, so a chain of 64 thenables fails with CONTEXT_SUMMARIZER_FAILED; only a value received above level 64 fails (64 thenables are accepted, 65 fail).",
  breaks: "§7 step 5 (depth: a value received at a level above 64 → CONTEXT_SUMMARIZER_FAILED; a chain of 64 generic thenables is accepted)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users) with a summarizer returning a chain of 64 generic thenables delivering 'sum'",
    run: (m) => compact(m, usersInput(4), options(() => A.thenableChain(64, "sum")), A.summaryOnly),
    expected: A.compactedWith("sum"),
  },
};

/** A native promise of `text` with an own then that delivers `lie` instead. */
function promiseWithLyingThen(text: string, lie: string): Promise<string> {
  const promise = Promise.resolve(text);
  Object.defineProperty(promise, "then", {
    configurable: true,
    writable: true,
    value(resolve: (v: unknown) => void) {
      resolve(lie);
    },
  });
  return promise;
}

const promiseOwnThenCalled: Mistake = {
  id: "promise-own-then-called",
  says: "A native promise is followed through its own then property, like any thenable, so a promise whose own then lies delivers the lie; a native promise is observed with the intrinsic Promise.prototype.then, whatever its own or inherited then says, and that then is never called.",
  breaks: "§7 step 5 (a native promise is observed by applying the intrinsic Promise.prototype.then; its own then is never called)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users) with a summarizer returning Promise.resolve('sum') whose own then delivers 'lie'",
    run: (m) => compact(m, usersInput(4), options(() => promiseWithLyingThen("sum", "lie")), A.summaryOnly),
    expected: A.compactedWith("sum"),
  },
};

const unitsAfterFromBefore: Mistake = {
  id: "units-after-from-before",
  says: "The record's unitsAfter is worked out from unitsBefore, minus the compacted messages, plus the new summary, so the summary it replaced is still counted; unitsAfter is the units of the new context (requirements, the new summary and the kept messages).",
  breaks: "§7 step 8 (unitsAfter: units of the new context)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext({ summary: { id: 'old', content: 'prev' }, 4 users }) with the summary 'sum' → result.record.unitsAfter",
    run: (m) =>
      compact(m, { summary: { id: "old", content: "prev" }, messages: users(4) }, options(() => "sum"), (value) => ({
        unitsAfter: (value as { record: { unitsAfter: number } }).record.unitsAfter,
      })),
    expected: { value: { unitsAfter: 23 } },
  },
};

const jsonNumberFlat: Mistake = {
  id: "json-number-flat",
  says: "Every number in tool-call arguments is counted 2, whatever its text; J(number) is 1 + String(n).length (1234 costs 5, -12.5 costs 6).",
  breaks: "§4 (J(number) = 1 + String(n).length)",
  criterion: "units",
  witness: {
    call: "estimateContextUnits of an assistant calling t with arguments { n: 1234 } and its empty result",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [call("a", [["c", "t", { n: 1234 }]]), result("r", "c", "t", "")] })),
    expected: { value: 32 },
  },
};

const requirementBase4: Mistake = {
  id: "requirement-base-4",
  says: "A requirement is counted 4 + u(id) + u(content), like a user message; its structural weight is 3 (the course's focused case costs 12, not 13).",
  breaks: "§4 (requirement = 3 + u(id) + u(content))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ requirements: [{ id: 'r', content: 'AB' }], messages: [user u 'a'] }) (the course's focused case)",
    run: (m) => sync(() => m.estimateContextUnits({ requirements: [{ id: "r", content: "AB" }], messages: [user("u", "a")] })),
    expected: { value: 12 },
  },
};

/** groupToolRounds' answer as [kind, startIndex, endIndex] triples. */
const groupSpans = (value: unknown) => (value as { kind: string; startIndex: number; endIndex: number }[]).map((g) => [g.kind, g.startIndex, g.endIndex]);

const adjacentRoundsMerged: Mistake = {
  id: "adjacent-rounds-merged",
  says: "Two tool rounds that only touch (the second assistant comes right after the first round's last result) are merged into one group; only intervals that overlap or nest merge, so each of them is a toolRound of its own.",
  breaks: "§5 (intervals that overlap (or nest) merge into one toolRound; every cut between two groups is allowed)",
  criterion: "grouping",
  witness: {
    call: "groupToolRounds([assistant a1 calling c1, its result, assistant a2 calling c2, its result])",
    run: (m) => sync(() => m.groupToolRounds([call("a1", [["c1", "t"]]), result("r1", "c1", "t"), call("a2", [["c2", "t"]]), result("r2", "c2", "t")]), groupSpans),
    expected: { value: [["toolRound", 0, 2], ["toolRound", 2, 4]] },
  },
};

const recordPrepended: Mistake = {
  id: "record-prepended",
  says: "The new record is put in front of the old ones (newest first); it is appended after them, so that result.record is the last element of context.compactions.",
  breaks: "§7 step 8 (compactions: [...old, record]; record is the last element of context.compactions)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext({ 4 users, one earlier record 'old' }) with the summary 'sum' → the ids of result.context.compactions",
    run: (m) =>
      compact(
        m,
        { messages: users(4), compactions: [{ id: "old", summaryId: "s0", boundary: 1, compactedMessageIds: ["m-1"], unitsBefore: 70, unitsAfter: 60 }] },
        options(() => "sum"),
        (value) => ({ compactions: (value as { context: { compactions: { id: string }[] } }).context.compactions.map((r) => r.id) }),
      ),
    expected: { value: { compactions: ["old", "r"] } },
  },
};

/** A thenable whose then reads its text from the thenable itself (through this). */
class TextThenable {
  constructor(readonly text: string) {}
  then(resolve: (v: unknown) => void) {
    resolve(this.text);
  }
}

const thenCalledWithoutThis: Mistake = {
  id: "then-called-without-this",
  says: "A thenable's then is called as a bare function, without the thenable as its this, so a then that reads its own object throws (CONTEXT_SUMMARIZER_FAILED); then is called as a method of the object it was read from, like any thenable's then.",
  breaks: "§7 step 5 (any other object or function: read then once, call then once with resolvers that act once; a fulfilment is adopted)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users) with a summarizer returning an instance of a class whose then method resolves this.text ('sum')",
    run: (m) => compact(m, usersInput(4), options(() => new TextThenable("sum")), A.summaryOnly),
    expected: A.compactedWith("sum"),
  },
};

const signalOnlyListened: Mistake = {
  id: "signal-only-listened",
  says: "After the summarizer returned, the signal is only listened to and never read again, so an abort whose event a caller's earlier listener stopped (stopImmediatePropagation) is missed and the context compacted; the signal is also read when a then returns, when the value settles, after the await and before the result is exposed (CONTEXT_CANCELLED).",
  breaks: "§7 cancellation timing (the signal is read when then returns, when the value settles, after the await, and just before the result is exposed)",
  criterion: "cancellation",
  witness: {
    call: "compactContext(4 users, { signal }) where the caller's own abort listener calls stopImmediatePropagation; the summarizer returns a promise of 'sum' settling in a later macrotask, and the signal is aborted in the macrotask before",
    run: (m) => {
      const controller = new AbortController();
      controller.signal.addEventListener("abort", (event) => event.stopImmediatePropagation());
      const summarizer = () => {
        setImmediate(() => controller.abort());
        return new Promise((resolve) => setImmediate(() => setImmediate(() => resolve("sum"))));
      };
      return compact(m, usersInput(4), options(summarizer, { signal: controller.signal }), A.summaryOnly);
    },
    expected: { error: "CONTEXT_CANCELLED" },
  },
};

/** A compaction record of `n` compacted ids (boundary n), m0…m{n-1}. */
function recordOf(n: number) {
  return { id: "old", summaryId: "s0", boundary: n, compactedMessageIds: Array.from({ length: n }, (_, i) => `m${i}`), unitsBefore: 100, unitsAfter: 50 };
}

const compactedIdsCeilingMissing: Mistake = {
  id: "compacted-ids-ceiling-missing",
  says: "The compactedMessageIds of one compaction record are not held to their budget of 4096 (only their count against the record's boundary is checked), so a record with boundary 4097 and 4097 ids is accepted; at most 4096 compactedMessageIds in one record, else CONTEXT_LIMIT_EXCEEDED.",
  breaks: "§3 budgets (compactedMessageIds in one record: at most 4096)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ compactions: [{ id: 'old', summaryId: 's0', boundary: 4097, compactedMessageIds: ['m0' … 'm4096'], unitsBefore: 100, unitsAfter: 50 }] })",
    run: (m) => sync(() => m.buildActiveContext({ compactions: [recordOf(4097)] }), built),
    expected: { error: "CONTEXT_LIMIT_EXCEEDED" },
  },
};

const argumentContainersNotCounted: Mistake = {
  id: "argument-containers-not-counted",
  says: "The arrays and objects inside tool-call arguments are left out of the 16,384 collection items (only the channels, the assistants' content and the records' compactedMessageIds are counted), so arguments holding an array of 16,383 numbers are accepted; collection items are every array's length plus the key count of every JSON object inside arguments (CONTEXT_LIMIT_EXCEEDED past 16,384).",
  breaks: "§3 budgets (collection items in total: at most 16384, counting arrays and the keys of JSON objects inside tool-call arguments)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext of an assistant calling t with arguments { list: [0 × 16383] } and its result (2 + 1 + 1 + 16383 = 16387 items)",
    run: (m) => sync(() => m.buildActiveContext({ messages: [call("a", [["c", "t", { list: new Array(16383).fill(0) }]]), result("r", "c", "t")] }), built),
    expected: { error: "CONTEXT_LIMIT_EXCEEDED" },
  },
};

const removedGroupFirstMessageOnly: Mistake = {
  id: "removed-group-first-message-only",
  says: "When the boundary walk takes a group away it subtracts only the units of the group's first message (as if every group were one message), so a tool round's results stay counted among the kept messages and the cut after the round, which fits, is passed over; after removing a whole group the kept messages are those after its endIndex, all of the group's messages left out.",
  breaks: "§6 the answer, step 3 (after removing each whole group: fixed + units(messages after endIndex) <= targetUnits)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary([assistant a1 calling c1 (20), its result of 30 x (45), user u2 (10), user u3 (10)], { targetUnits: 40, summaryMaxUnits: 10, retainRecentMessages: 1 })",
    run: (m) =>
      sync(() =>
        m.selectCompactionBoundary(
          { messages: [call("a1", [["c1", "read"]]), result("r1", "c1", "read", "x".repeat(30)), user("u2", "next"), user("u3", "last")] },
          { targetUnits: 40, summaryMaxUnits: 10, retainRecentMessages: 1 },
        ),
      ),
    expected: { value: 2 },
  },
};

const summaryMeasuredWithRecordId: Mistake = {
  id: "summary-measured-with-record-id",
  says: "The new summary is compared with summaryMaxUnits as 5 + u(recordId) + u(text), the record's id taken where the summary's belongs, so with a recordId longer than the summaryId a summary that fits is refused with CONTEXT_SUMMARY_INSUFFICIENT (and with a shorter one an oversized summary passes step 6); the summary's units are 5 + u(summaryId) + u(text).",
  breaks: "§7 step 6 (5 + u(summaryId) + u(text) > summaryMaxUnits → CONTEXT_SUMMARY_INSUFFICIENT)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 20, summaryId: 's', recordId: 'record-1' }) with the summary 'xxxxxxxxxx' (5 + 1 + 10 = 16 units)",
    run: (m) => compact(m, usersInput(4), options(() => "xxxxxxxxxx", { recordId: "record-1" }), A.summaryOnly),
    expected: A.compactedWith("xxxxxxxxxx"),
  },
};

const thenableCountedTwoLevels: Mistake = {
  id: "thenable-counted-two-levels",
  says: "Each generic thenable adds two levels, one for calling its then and one for what it delivers, so a chain of 33 generic thenables already fails with CONTEXT_SUMMARIZER_FAILED; what a promise or a thenable delivers is one level deeper than the value that delivered it (the summarizer's value being level 0), so a chain of 64 thenables is accepted.",
  breaks: "§7 step 5 (depth: each value delivered by a promise or a thenable is one level deeper; a value received above level 64 fails)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users) with a summarizer returning a chain of 40 generic thenables delivering 'sum'",
    run: (m) => compact(m, usersInput(4), options(() => A.thenableChain(40, "sum")), A.summaryOnly),
    expected: A.compactedWith("sum"),
  },
};

/** A student's index.ts imports nothing outside its folder (its compose.ts, for the tests, imports the kit). */
const student = (id: string, mistakes: readonly Mistake[]): Implementation => ({ id, form: "student", mistakes, importsOutside: false, composable: true });

export const STUDENTS: readonly Implementation[] = [
  student("student-alice", [
    fieldGetterCalled,
    classInstanceArguments,
    objectKeysNotCounted,
    boundaryReservesCurrentSummary,
    A.thenReturnIgnored,
    A.thenableIdentityLost,
    noAbortListener,
  ]),
  student("student-bob", [A.noDepthCap, A.promiseResolveAwait, C.abortDuringCallLost, B.summaryMaxEqualTargetRefused, summaryBase4, argumentProtoKeyStored]),
  student("student-carol", [recordStringsUncounted, summaryTrimmedUnits, throwAfterResolveFails, unitsAfterWithoutSummary, argumentProtoKeyStored]),
  student("student-dana", [jsonNullAsWord, boundaryForgetsRequirements, asyncDepth64Refused, promiseOwnThenCalled, unitsAfterFromBefore]),
  student("student-erin", [jsonNumberFlat, requirementBase4, adjacentRoundsMerged, recordPrepended, thenCalledWithoutThis, signalOnlyListened]),
  student("student-frank", [compactedIdsCeilingMissing, argumentContainersNotCounted, removedGroupFirstMessageOnly, summaryMeasuredWithRecordId, thenableCountedTwoLevels]),
];

