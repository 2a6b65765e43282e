// The third blind set, writer B ("Gus"): a whole student implementation written from scratch
// (test/heldout/b3-student-gus/), with its planted mistakes as ground truth. Each mistake is a flag
// of its compose.ts; with every flag off Gus answers as src/core on the checker's scenarios.
import { call, compact, result, user } from "../_witness/fixtures";
import { sync, type Outcome } from "../_witness/observe";
import type { Implementation, Mistake } from "./types";

const built = () => "built";

/** Groups as [startIndex, endIndex, kind]. */
const groupsView = (value: unknown): Outcome =>
  (value as { startIndex: number; endIndex: number; kind: string }[]).map((g) => [g.startIndex, g.endIndex, g.kind]);

const channelArraysNotItems: Mistake = {
  id: "channel-arrays-not-items",
  says:
    "The channel arrays themselves (requirements, messages, compactions) are not counted as collection items, only the arrays inside them (an assistant's content, a record's compactedMessageIds, the arrays and objects of arguments), so 4 records of 4,096 compacted ids each (16,388 items) are accepted; collection items are every array's length, the channels' included, and past 16,384 the input is refused with CONTEXT_LIMIT_EXCEEDED.",
  breaks: "§3 budgets (collection items in total at most 16,384: every array's length)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ compactions: 4 records, each with boundary 4096 and 4096 compactedMessageIds }) (4 + 4 × 4096 = 16,388 items)",
    run: (m) =>
      sync(
        () =>
          m.buildActiveContext({
            compactions: Array.from({ length: 4 }, (_, r) => ({
              id: `rec${r}`,
              summaryId: "s",
              boundary: 4096,
              compactedMessageIds: Array.from({ length: 4096 }, (_, i) => `m${i}`),
              unitsBefore: 1,
              unitsAfter: 1,
            })),
          }),
        built,
      ),
    expected: { error: "CONTEXT_LIMIT_EXCEEDED" },
  },
};

const depthCheckedOnContainersOnly: Mistake = {
  id: "depth-checked-on-containers-only",
  says:
    "The depth limit of tool-call arguments is checked only when an array or object is entered, so a number, string, boolean or null at depth 33 (inside an array at depth 32) is accepted; any value deeper than 32, a primitive included, fails with CONTEXT_LIMIT_EXCEEDED.",
  breaks: "§3 input rules (tool-call arguments: the arguments object is at depth 0; any value deeper than 32 fails)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext of an assistant calling t with arguments { a: [[…[1]…]] } (the number 1 at depth 33, its array at depth 32) and its result",
    run: (m) => {
      let value: unknown = 1;
      for (let d = 33; d > 1; d--) value = [value];
      return sync(() => m.buildActiveContext({ messages: [call("a", [["c", "t", { a: value as never }]]), result("r", "c", "t")] }), built);
    },
    expected: { error: "CONTEXT_LIMIT_EXCEEDED" },
  },
};

const roundsKeyedByMessageId: Mistake = {
  id: "rounds-keyed-by-message-id",
  says:
    "A tool round's end is looked up by its assistant message's id, so two assistants that share a message id share one interval: the first assistant's round runs on through the second one's results and swallows everything between; message ids need not be unique, and each assistant's interval runs from that message through the last result of its own calls (found by toolCallId).",
  breaks: "§5 (each assistant message with tool calls has an interval running from that message through the last result of any of its calls)",
  criterion: "grouping",
  witness: {
    call: "groupToolRounds([assistant 'a' calling c1, its result, user 'u', assistant 'a' (the same id) calling c2, its result])",
    run: (m) =>
      sync(
        () => m.groupToolRounds([call("a", [["c1", "t"]]), result("r1", "c1", "t"), user("u"), call("a", [["c2", "t"]]), result("r2", "c2", "t")]),
        groupsView,
      ),
    expected: {
      value: [
        [0, 2, "toolRound"],
        [2, 3, "message"],
        [3, 5, "toolRound"],
      ],
    },
  },
};

const summaryLimitOnUnits: Mistake = {
  id: "summary-limit-on-units",
  says:
    "The 65,536 code-point limit of the new summary is applied to its units, 5 + u(summaryId) + u(text), instead of to the text, so a summary of 65,534 code points with summaryId 's' (65,540 units, within summaryMaxUnits) is refused with CONTEXT_LIMIT_EXCEEDED; only a text longer than 65,536 code points is, and the units are compared with summaryMaxUnits.",
  breaks: "§7 step 6 (longer than 65536 code points → CONTEXT_LIMIT_EXCEEDED; 5 + u(summaryId) + u(text) > summaryMaxUnits → CONTEXT_SUMMARY_INSUFFICIENT)",
  criterion: "summary-validation",
  witness: {
    call:
      "compactContext(users of 50,000, 50,000 and 8 code points, { maxUnits: 70000, targetUnits: 70000, summaryMaxUnits: 65600, retainRecentMessages: 1, summaryId: 's' }) with a summary of 65,534 'y'",
    run: (m) =>
      compact(
        m,
        { messages: [user("m0", "x".repeat(50000)), user("m1", "x".repeat(50000)), user("m2", "xxxxxxxx")] },
        {
          maxUnits: 70000,
          targetUnits: 70000,
          summaryMaxUnits: 65600,
          retainRecentMessages: 1,
          summaryId: "s",
          recordId: "r",
          summarizer: () => "y".repeat(65534),
        },
        (value) => {
          const r = value as { status: string; context: { messages: { id: string }[] }; record: { boundary: number; unitsAfter: number } };
          return { status: r.status, kept: r.context.messages.map((x) => x.id), boundary: r.record.boundary, unitsAfter: r.record.unitsAfter };
        },
      ),
    expected: { value: { status: "compacted", kept: ["m2"], boundary: 2, unitsAfter: 65554 } },
  },
};

const rejectionBeforeAbortRead: Mistake = {
  id: "rejection-before-abort-read",
  says:
    "When the summary settles, a rejection is looked at before the signal is read, so a summary that rejects right after the signal was aborted (its abort event stopped by a listener of the caller's) fails with CONTEXT_SUMMARIZER_FAILED; an abort while waiting, or observed when the value settles, is CONTEXT_CANCELLED, so the signal is read first.",
  breaks: "§7 step 5 (an abort while waiting, or an abort observed when the value settles → CONTEXT_CANCELLED; the signal is read when the value settles)",
  criterion: "cancellation",
  witness: {
    call:
      "compactContext(4 users, { signal }) where the caller's own first abort listener calls stopImmediatePropagation; the summarizer returns a native promise that, in a later macrotask, aborts the signal and then rejects",
    run: (m) => {
      const controller = new AbortController();
      controller.signal.addEventListener("abort", (event) => event.stopImmediatePropagation());
      const summarizer = () =>
        new Promise((_resolve, reject) => {
          setImmediate(() => {
            controller.abort();
            reject(new Error("summary service down"));
          });
        });
      return compact(
        m,
        { messages: [user("m0", "xxxxxxxx"), user("m1", "xxxxxxxx"), user("m2", "xxxxxxxx"), user("m3", "xxxxxxxx")] },
        { maxUnits: 40, targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1, summaryId: "s", recordId: "r", summarizer, signal: controller.signal },
      );
    },
    expected: { error: "CONTEXT_CANCELLED" },
  },
};

const keyUnitsUtf16: Mistake = {
  id: "key-units-utf16",
  says:
    "The keys of tool-call arguments are counted by their UTF-16 length (key.length), not in code points, so a key '😀' costs 2 where it costs u('😀') = 1; every string of §4, argument keys included, counts u(s) code points (J(object) = 2 + Σ (1 + u(key) + J(value))).",
  breaks: "§4 (u(s) is the number of Unicode code points; J(object) = 2 + Σ over keys (1 + u(key) + J(value)))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits of an assistant calling t with arguments { '😀': 1 } and its empty result",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [call("a", [["c", "t", { "😀": 1 }]]), result("r", "c", "t", "")] })),
    expected: { value: 29 },
  },
};

const argumentsUnitsCachedByToolName: Mistake = {
  id: "arguments-units-cached-by-tool-name",
  says:
    "J(arguments) is worked out once per tool name and reused for every later call of the same tool, so a second call of t with arguments { abc: 'xyz' } is priced like the first call's {} (8 units short); each tool call costs 6 + u(id) + u(name) + J(its own arguments).",
  breaks: "§4 (tool-call block = 6 + u(id) + u(name) + J(arguments))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits of assistant a1 calling t with {}, its result, assistant a2 calling t with { abc: 'xyz' }, its result",
    run: (m) =>
      sync(() =>
        m.estimateContextUnits({
          messages: [call("a1", [["c1", "t", {}]]), result("r1", "c1", "t", ""), call("a2", [["c2", "t", { abc: "xyz" }]]), result("r2", "c2", "t", "")],
        }),
      ),
    expected: { value: 66 },
  },
};

export const B3_GUS: readonly Implementation[] = [
  {
    id: "b3-student-gus",
    form: "student",
    mistakes: [channelArraysNotItems, depthCheckedOnContainersOnly, roundsKeyedByMessageId, summaryLimitOnUnits, rejectionBeforeAbortRead],
    importsOutside: false,
    composable: true,
  },
  {
    id: "b3m-gus-estimator-walk",
    form: "rewrite",
    mistakes: [keyUnitsUtf16, argumentsUnitsCachedByToolName],
    importsOutside: true,
    composable: true,
  },
];
