// The seventh blind set, writer B ("Sol"): three several-mistake implementations (a rewrite of the
// estimator, the walk and the flow with one meter; a rewrite of the flow with its own price list
// and walk; a wrapper around compactContext), written from the contract alone, with their planted
// mistakes as ground truth. Each mistake is a flag of its folder's compose.ts; with every flag off
// each folder answers as src/core on the checker's scenarios.
import { call, compact, compactCounting, result, user, users, usersInput } from "../_witness/fixtures";
import { sync, view, type Outcome } from "../_witness/observe";
import type { Implementation, Mistake } from "./types";

// ---------------------------------------------------------------------------------------------
// b7m-sol-pricer-json (rewrite: his own meter, walk and compactContext, over src/core's reader)

const jsonNullPricedAsObject: Mistake = {
  id: "json-null-priced-as-object",
  says:
    "The JSON count of tool-call arguments tests for an array or object with typeof value === 'object' before it looks for null, and typeof null is 'object', so null is priced as an object without keys, J(null) = 2; J(null) is 1. The same meter prices the context everywhere it is used (the estimate, the fast path, the boundary walk, the record's units), so the arguments { k: null } cost 6 instead of 5 in each of them.",
  breaks: "§4 (J(null) = 1; J(object) = 2 + Σ over keys (1 + u(key) + J(value)))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ messages: [assistant 'a' calling c (tool t) with arguments { k: null }, its result 'r' (content 'ok')] }) (18 + 12)",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [call("a", [["c", "t", { k: null }]]), result("r", "c", "t", "ok")] })),
    expected: { value: 30 },
  },
};

const nestedContainersPricedFlat: Mistake = {
  id: "nested-containers-priced-flat",
  says:
    "The JSON count does not look inside a container nested in the arguments: an array or object that is a value of the arguments (or deeper) is priced 2, its brackets, whatever it holds, so { k: [1, 2] } costs 6 where it costs 12; J(array) = 2 + Σ (1 + J(item)) and J(object) = 2 + Σ over keys (1 + u(key) + J(value)) at every depth. The same meter prices the estimate, the fast path, the boundary walk and the record's units.",
  breaks: "§4 (J(array) = 2 + Σ (1 + J(item)); J(object) = 2 + Σ over keys (1 + u(key) + J(value)))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ messages: [assistant 'a' calling c (tool t) with arguments { k: [1, 2] }, its result 'r' (content 'ok')] }) (25 + 12)",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [call("a", [["c", "t", { k: [1, 2] }]]), result("r", "c", "t", "ok")] })),
    expected: { value: 37 },
  },
};

// ---------------------------------------------------------------------------------------------
// b7m-sol-flow-plan (rewrite: his own compactContext as a plan, price list and walk)

/** The seed-like transcript of two rounds: user m0, round a1/r2, user m3, round a4/r5 (14, 17, 14, 14, 17, 14 units). */
const twoRounds = () => [
  user("m0", "xxxxxxxx"),
  call("a1", [["c1", "t"]]),
  result("r2", "c1", "t", "ok"),
  user("m3", "xxxxxxxx"),
  call("a4", [["c2", "t"]]),
  result("r5", "c2", "t", "ok"),
];

const retainSkipsToolResults: Mistake = {
  id: "retain-skips-tool-results",
  says:
    "retainRecentMessages is counted over the user's and the assistant's messages only: the tool results among the last messages are kept without being counted, so latest moves back past them and a cut that leaves exactly retainRecentMessages messages after it is refused; tool results are messages like the others, latest = messages.length − retainRecentMessages. The same walk serves selectCompactionBoundary and compactContext (null, hence CONTEXT_BOUNDARY_UNAVAILABLE).",
  breaks: "§6 the answer, step 1 (latest = messages.length − retainRecentMessages) and step 3",
  criterion: "boundary-selection",
  witness: {
    call:
      "selectCompactionBoundary([user m0, assistant a1 calling c1, its result r2, user m3, assistant a4 calling c2, its result r5] (90 units), { targetUnits: 41, summaryMaxUnits: 10, retainRecentMessages: 2 }) (the cut after m3 keeps a4 and r5: 10 + 31 <= 41)",
    run: (m) => sync(() => m.selectCompactionBoundary({ messages: twoRounds() }, { targetUnits: 41, summaryMaxUnits: 10, retainRecentMessages: 2 })),
    expected: { value: 4 },
  },
};

const fastpathJsonLength: Mistake = {
  id: "fastpath-json-length",
  says:
    "The fast path asks how big the context is by the length of its JSON text (JSON.stringify(context).length <= maxUnits) instead of its units, so a small context within maxUnits (two users of 14 units, 28 <= 40) is compacted, the summarizer called, because its JSON text is longer than 40 characters; step 2 compares units(context) (§4) with maxUnits, and a context within maxUnits is resolved { status: 'unchanged', context, record: null } without calling the summarizer.",
  breaks: "§7 step 2 (if units(context) <= maxUnits, resolve unchanged; the summarizer is not called)",
  criterion: "unchanged-fast-path",
  witness: {
    call: "compactContext(users m0, m1 of 14 units, { maxUnits: 40, targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1, summaryId: 's', recordId: 'r' }) with a counting summarizer: the outcome and the summarizer's calls",
    run: (m) => compactCounting(m, usersInput(2), {}),
    expected: {
      outcome: { value: { status: "unchanged", summary: null, kept: ["m0", "m1"], records: 0, record: null } },
      calls: 0,
    },
  },
};

const assistantFirstBlockOnly: Mistake = {
  id: "assistant-first-block-only",
  says:
    "An assistant message is priced by its first content block only, as if its content were one block like a user's content, so an assistant that writes a text and then makes a call is counted 4 + u(id) + the text block, its call left out; it costs 4 + u(id) + Σ blocks, every block counted. The same price list serves the estimate, the fast path, the boundary walk, step 7 and the record's units.",
  breaks: "§4 (assistant message: 4 + u(id) + Σ blocks)",
  criterion: "units",
  witness: {
    call:
      "estimateContextUnits({ messages: [assistant 'a' with a text block 'look' and then a call c (tool t, arguments {}), its result 'r' (content 'ok')] }) (4 + 1 + 6 + 10, and 12)",
    run: (m) =>
      sync(() =>
        m.estimateContextUnits({
          messages: [
            {
              id: "a",
              role: "assistant",
              content: [
                { type: "text", text: "look" },
                { type: "toolCall", id: "c", name: "t", arguments: {} },
              ],
            },
            result("r", "c", "t", "ok"),
          ],
        }),
      ),
    expected: { value: 33 },
  },
};

// ---------------------------------------------------------------------------------------------
// b7m-sol-wrapper-new-context (wrapper: a layer around src/core's compactContext)

const summaryAlsoInTranscript: Mistake = {
  id: "summary-also-in-transcript",
  says:
    "The new summary is also put in front of the kept messages, as a user message { id: summaryId, role: 'user', content: text } ('the model reads the transcript'), so the compacted context holds the summary twice and one message more than the suffix, and the record's unitsAfter no longer gives its units; the new context's messages are the suffix messages.slice(boundary) and nothing else, the summary being its summary channel alone.",
  breaks: "§7 step 8 (the new context is { requirements, summary: { id: summaryId, content: text }, messages: suffix, compactions: [...old, record] })",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext(users m0..m3 of 14 units, { maxUnits: 40, targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1, summaryId: 's', recordId: 'r' }) with the summary 'sum' (boundary 3)",
    run: (m) =>
      compact(m, { messages: users(4) }, {
        maxUnits: 40,
        targetUnits: 40,
        summaryMaxUnits: 20,
        retainRecentMessages: 1,
        summaryId: "s",
        recordId: "r",
        summarizer: () => "sum",
      }),
    expected: {
      value: {
        status: "compacted",
        summary: { id: "s", content: "sum" },
        kept: ["m3"],
        records: 1,
        record: { id: "r", summaryId: "s", boundary: 3, compactedMessageIds: ["m0", "m1", "m2"], unitsBefore: 56, unitsAfter: 23 },
      },
    },
  },
};

const previousSummaryKeptAsRequirement: Mistake = {
  id: "previous-summary-kept-as-requirement",
  says:
    "The summary being replaced is kept in the new context as one more requirement ({ id, content } of the old summary, 'so that what it said is not lost'), so the compacted context has a requirement the caller never gave (and is refused with CONTEXT_INVALID_INPUT where its id is a requirement's id); the new context keeps the requirements as they were, and the old summary is replaced by the new one.",
  breaks: "§7 step 8 (the new context is { requirements, summary: { id: summaryId, content: text }, messages: suffix, compactions: [...old, record] })",
  criterion: "atomicity-and-one-record",
  witness: {
    call:
      "compactContext({ summary: { id: 'old', content: 'before' }, messages: users m0..m3 of 14 units }, { maxUnits: 40, targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1, summaryId: 's', recordId: 'r' }) with the summary 'sum' (boundary 3); status and the new context's requirements",
    run: (m) =>
      compact(
        m,
        { summary: { id: "old", content: "before" }, messages: users(4) },
        { maxUnits: 40, targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1, summaryId: "s", recordId: "r", summarizer: () => "sum" },
        (value): Outcome => {
          const r = value as { status: string; context: { requirements: unknown } };
          return { status: r.status, requirements: view(r.context.requirements) };
        },
      ),
    expected: { value: { status: "compacted", requirements: [] } },
  },
};

/** Of the new context's messages, the caller's own (ids m…), in order: what is kept of the transcript. */
const keptOwn = (value: unknown): Outcome => {
  const r = value as { status: string; context: { messages: { id: string }[] } };
  return { status: r.status, kept: r.context.messages.map((x) => x.id).filter((id) => id.startsWith("m")) };
};

const suffixFromLatest: Mistake = {
  id: "suffix-from-latest",
  says:
    "The new context keeps only the last retainRecentMessages messages of the transcript (messages.slice(latest)), 'the retained suffix' read as the recent messages the caller asked to retain, so the messages between the boundary and latest are lost (neither kept, nor summarized, nor listed in the record) and the record's unitsAfter no longer gives the new context's units; the retained suffix is messages.slice(boundary): the new context keeps every message after the boundary.",
  breaks: "§7 step 7 and step 8 (the retained suffix is messages.slice(boundary); the new context is { requirements, summary, messages: suffix, compactions: [...old, record] })",
  criterion: "atomicity-and-one-record",
  witness: {
    call:
      "compactContext(users m0..m4 of 14 units, { maxUnits: 60, targetUnits: 60, summaryMaxUnits: 20, retainRecentMessages: 1, summaryId: 's', recordId: 'r' }) with the summary 'sum' (boundary 3, latest 4): status and the ids m… kept in the new context",
    run: (m) =>
      compact(
        m,
        { messages: users(5) },
        { maxUnits: 60, targetUnits: 60, summaryMaxUnits: 20, retainRecentMessages: 1, summaryId: "s", recordId: "r", summarizer: () => "sum" },
        keptOwn,
      ),
    expected: { value: { status: "compacted", kept: ["m3", "m4"] } },
  },
};

export const B7_SOL: readonly Implementation[] = [
  {
    id: "b7m-sol-pricer-json",
    form: "rewrite",
    mistakes: [jsonNullPricedAsObject, nestedContainersPricedFlat],
    importsOutside: true,
    composable: true,
  },
  {
    id: "b7m-sol-flow-plan",
    form: "rewrite",
    mistakes: [retainSkipsToolResults, fastpathJsonLength, assistantFirstBlockOnly],
    importsOutside: true,
    composable: true,
  },
  {
    id: "b7m-sol-wrapper-new-context",
    form: "wrapper",
    mistakes: [summaryAlsoInTranscript, previousSummaryKeptAsRequirement, suffixFromLatest],
    importsOutside: true,
    composable: true,
  },
];
