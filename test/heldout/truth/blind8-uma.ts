// The eighth blind set, writer A ("Uma"): three implementations with several mistakes each,
// written from the contract as blind material. Each mistake is a flag of its folder's compose.ts;
// with every flag off each folder answers as src/core on the checker's scenarios.
import { abortedSignal, call, compact, compactCounting, nestedArguments, options, result, toolTranscript, user, usersInput } from "../_witness/fixtures";
import { sync, view, type Outcome } from "../_witness/observe";
import type { Implementation, Mistake } from "./types";

const built = () => "built";

/** Groups as [startIndex, endIndex, kind]. */
const groupsView = (value: unknown): Outcome =>
  (value as { startIndex: number; endIndex: number; kind: string }[]).map((g) => [g.startIndex, g.endIndex, g.kind]);

type Compacted = { status: string; record: { id: string; boundary: number; compactedMessageIds: string[]; unitsBefore: number; unitsAfter: number } | null };

// ---------------------------------------------------------------------------------------------
// b8m-uma-rewrite1: Uma's own reader of tool-call arguments inside the reference's reading chain.

const nestedJsonLeftUnfrozen: Mistake = {
  id: "nested-json-left-unfrozen",
  says:
    "The copy of a tool call's arguments is frozen only at its top: the arrays and objects inside it are copied but left unfrozen, so a caller can change a built context's { list: [1, 2] } afterwards; buildActiveContext returns a deep copy in which every object and array is frozen, the containers inside arguments included.",
  breaks: "§3 (buildActiveContext returns a deep copy in which every object and array is frozen)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext of an assistant calling t with arguments { list: [1, 2], opts: { deep: true } } and its result; are arguments, arguments.list and arguments.opts frozen?",
    run: (m) =>
      sync(
        () => m.buildActiveContext({ messages: [call("a", [["c", "t", { list: [1, 2], opts: { deep: true } }]]), result("r", "c", "t")] }),
        (value) => {
          const args = (value as { messages: { content: { arguments: { list: unknown; opts: unknown } }[] }[] }).messages[0].content[0].arguments;
          return { args: Object.isFrozen(args), list: Object.isFrozen(args.list), opts: Object.isFrozen(args.opts) };
        },
      ),
    expected: { value: { args: true, list: true, opts: true } },
  },
};

const arraysAddNoDepth: Mistake = {
  id: "arrays-add-no-depth",
  says:
    "Only objects inside tool-call arguments are counted as levels of depth: the items of an array are read at the array's own level, so a number nested in 32 arrays under { a: … } (at depth 33) is accepted; a value inside any container, array or object, at depth d is at depth d + 1, and a value deeper than 32 fails with CONTEXT_LIMIT_EXCEEDED.",
  breaks: "§3 input rules (tool-call arguments: a value inside a container at depth d is at depth d+1; any value deeper than 32 fails) and budgets (MAX_CONTEXT_DEPTH)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext of an assistant calling t with arguments { a: [[…[1]…]] } (the number 1 at depth 33, inside 32 arrays) and its result",
    run: (m) => sync(() => m.buildActiveContext({ messages: [call("a", [["c", "t", nestedArguments(33)]]), result("r", "c", "t")] }), built),
    expected: { error: "CONTEXT_LIMIT_EXCEEDED" },
  },
};

// ---------------------------------------------------------------------------------------------
// b8m-uma-wrapper1: Uma's layer over the reference (snapshot, record-id registry, retry).

const snapshotByStructuredClone: Mistake = {
  id: "snapshot-by-structured-clone",
  says:
    "Every export first takes its own snapshot of the caller's value with structuredClone and hands the reference that copy, so the caller's data is read by the clone, not by the contract's rules: a getter is called and its value kept (the input is accepted), an object's prototype, its non-enumerable fields and symbol keys are dropped unseen, and a Proxy or a function is refused as uncopyable (CONTEXT_INVALID_INPUT); no accessor of the input is ever called, an accessor is refused (here CONTEXT_INVALID_TRANSCRIPT), and a Proxy is read as the data it forwards.",
  breaks: "§3 input rules (nothing of the caller's runs: no accessor is ever called; proxies are data; records are plain objects, every field an own data property)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: [a user message whose content is a getter (counting its calls) returning 'hi'] })",
    run: (m) => {
      let calls = 0;
      const message = { id: "u", role: "user" } as Record<string, unknown>;
      Object.defineProperty(message, "content", {
        enumerable: true,
        get() {
          calls++;
          return "hi";
        },
      });
      const outcome = sync(() => m.buildActiveContext({ messages: [message] }), built);
      return { outcome, getterCalls: calls };
    },
    expected: { outcome: { error: "CONTEXT_INVALID_TRANSCRIPT" }, getterCalls: 0 },
  },
};

const recordIdsUniqueModuleWide: Mistake = {
  id: "record-ids-unique-module-wide",
  says:
    "Record ids are kept unique across every compaction the module has made (a registry of all the record ids it wrote), so compacting a second, unrelated context with the recordId used for the first one is refused with CONTEXT_INVALID_INPUT; record ids must be unique within one context (recordId is refused only when a record of that context already uses it).",
  breaks: "§3 (record ids unique, within a context) and §7 step 3 (recordId already used by a record of the context → CONTEXT_INVALID_INPUT); step 8 (exactly one record appended)",
  criterion: "atomicity-and-one-record",
  witness: {
    call:
      "compactContext of 4 users m0..m3, then of 4 other users n0..n3 (a second context), both with { maxUnits: 40, targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1, summaryId: 's', recordId: 'rec-1' } and a summarizer returning 'sum'",
    run: async (m) => {
      const opts = () => options(() => "sum", { recordId: "rec-1" });
      const show = (value: unknown): Outcome => {
        const r = value as Compacted;
        return { status: r.status, record: r.record === null ? null : r.record.id };
      };
      const first = await compact(m, usersInput(4), opts(), show);
      const second = await compact(m, { messages: [0, 1, 2, 3].map((i) => user(`n${i}`, "xxxxxxxx")) }, opts(), show);
      return { first, second };
    },
    expected: { first: { value: { status: "compacted", record: "rec-1" } }, second: { value: { status: "compacted", record: "rec-1" } } },
  },
};

const cancelledCompactionRetried: Mistake = {
  id: "cancelled-compaction-retried",
  says:
    "A compaction that ends in CONTEXT_CANCELLED is taken for a passing hiccup and run once more without the signal, so an aborted signal still gets the context compacted (the summarizer called); a cancelled compaction rejects with CONTEXT_CANCELLED and, with a signal aborted before the call, the summarizer is never called.",
  breaks: "§7 step 3 (the signal already aborted → CONTEXT_CANCELLED) and step 5 (an abort while waiting → CONTEXT_CANCELLED)",
  criterion: "cancellation",
  witness: {
    call: "compactContext(4 users, { maxUnits: 40, targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1, signal: already aborted }), counting the summarizer's calls",
    run: (m) => compactCounting(m, usersInput(4), { signal: abortedSignal() }),
    expected: { outcome: { error: "CONTEXT_CANCELLED" }, calls: 0 },
  },
};

// ---------------------------------------------------------------------------------------------
// b8m-uma-rewrite2: Uma's own tool rounds, walk and record writer.

const resultIndexMapShared: Mistake = {
  id: "result-index-map-shared",
  says:
    "Where each tool call's result lies is remembered in one map by tool-call id for as long as the module lives (never for one transcript only), so a call id met again in another transcript, or in a compacted context whose messages moved, is given the position found the first time: after grouping [assistant calling 'call-1', its result], the transcript [user, user, assistant calling 'call-1', its result] is grouped [0,1) [1,2) [2,3) [3,4), its call cut off from its result; each transcript's tool rounds run from the assistant through the last result of its calls in that transcript.",
  breaks: "§5 (each assistant message with tool calls has an interval running from that message through the last result of any of its calls; a cut between two groups never separates a call from its result)",
  criterion: "grouping",
  witness: {
    call: "groupToolRounds([assistant a calling call-1 (t), its result]), then groupToolRounds([user u0, user u1, assistant b calling call-1 (t), its result])",
    run: (m) => {
      const first = sync(() => m.groupToolRounds([call("a", [["call-1", "t"]]), result("r", "call-1", "t")]), groupsView);
      const second = sync(() => m.groupToolRounds([user("u0"), user("u1"), call("b", [["call-1", "t"]]), result("s", "call-1", "t")]), groupsView);
      return { first, second };
    },
    expected: {
      first: { value: [[0, 2, "toolRound"]] },
      second: {
        value: [
          [0, 1, "message"],
          [1, 2, "message"],
          [2, 4, "toolRound"],
        ],
      },
    },
  },
};

const recordUnitsWithoutArguments: Mistake = {
  id: "record-units-without-arguments",
  says:
    "The record writer's own size helper prices a tool call as 6 + u(id) + u(name), leaving J(arguments) out, so the record's unitsBefore and unitsAfter are short by the arguments of every tool call in the old and in the new context; unitsBefore is the units of the old context and unitsAfter those of the new one, each tool call costing 6 + u(id) + u(name) + J(arguments).",
  breaks: "§7 step 8 (unitsBefore: units of the old context; unitsAfter: units of the new one) with §4 (tool-call block: 6 + u(id) + u(name) + J(arguments))",
  criterion: "atomicity-and-one-record",
  witness: {
    call:
      "compactContext({ requirements: [req 'Keep the paths.'], messages: the seed's tool transcript (old user, an assistant reading a.txt and b.txt, both results, recent user) }, { maxUnits: 200, targetUnits: 100, summaryMaxUnits: 30, retainRecentMessages: 1, summaryId: 's', recordId: 'r' }) with a summary 'sum'; the record's units",
    run: (m) =>
      compact(
        m,
        { requirements: [{ id: "req", content: "Keep the paths." }], messages: toolTranscript() },
        { maxUnits: 200, targetUnits: 100, summaryMaxUnits: 30, retainRecentMessages: 1, summaryId: "s", recordId: "r", summarizer: () => "sum" },
        (value) => {
          const r = value as Compacted;
          return { status: r.status, boundary: view(r.record?.boundary), unitsBefore: view(r.record?.unitsBefore), unitsAfter: view(r.record?.unitsAfter) };
        },
      ),
    expected: { value: { status: "compacted", boundary: 4, unitsBefore: 215, unitsAfter: 59 } },
  },
};

const compactedIdsSorted: Mistake = {
  id: "compacted-ids-sorted",
  says:
    "The record's compactedMessageIds are sorted ('records are easier to compare'), so compacting users zeta, alpha, mid records ['alpha', 'mid', 'zeta']; they are the ids of the compacted prefix in transcript order (['zeta', 'alpha', 'mid']).",
  breaks: "§7 step 8 (compactedMessageIds: the ids of the prefix, in order)",
  criterion: "atomicity-and-one-record",
  witness: {
    call:
      "compactContext(users zeta, alpha, mid, last (content 'xxxxxxxx'), { maxUnits: 40, targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1, summaryId: 's', recordId: 'r' }) with a summary 'sum'; the record's compactedMessageIds",
    run: (m) =>
      compact(m, { messages: ["zeta", "alpha", "mid", "last"].map((id) => user(id, "xxxxxxxx")) }, options(() => "sum"), (value) => {
        const r = value as Compacted;
        return { status: r.status, ids: view(r.record?.compactedMessageIds) };
      }),
    expected: { value: { status: "compacted", ids: ["zeta", "alpha", "mid"] } },
  },
};

export const B8_UMA: readonly Implementation[] = [
  {
    id: "b8m-uma-rewrite1",
    form: "rewrite",
    mistakes: [nestedJsonLeftUnfrozen, arraysAddNoDepth],
    importsOutside: true,
    composable: true,
  },
  {
    id: "b8m-uma-wrapper1",
    form: "wrapper",
    mistakes: [snapshotByStructuredClone, recordIdsUniqueModuleWide, cancelledCompactionRetried],
    importsOutside: true,
    composable: true,
  },
  {
    id: "b8m-uma-rewrite2",
    form: "rewrite",
    mistakes: [resultIndexMapShared, recordUnitsWithoutArguments, compactedIdsSorted],
    importsOutside: true,
    composable: true,
  },
];
