// The fourth blind set, writer C ("Kim"): three multi-mistake implementations, their planted
// mistakes as ground truth. b4m-kim-groups-order-chain is Kim's own groupToolRounds and boundary
// walk (a rewrite), b4m-kim-guard-context-fallback Kim's layers over the exported functions (a
// wrapper), b4m-kim-flow-records-ids Kim's own compactContext (a rewrite of the whole flow).
// Each mistake is a flag of its folder's compose.ts; with every flag off each folder answers as
// src/core on the checker's scenarios and limit cases.
import { call, compact, options, result, toolTranscript, user, users, usersInput } from "../_witness/fixtures";
import { sync, type Outcome } from "../_witness/observe";
import type { Implementation, Mistake } from "./types";

/** Groups as [startIndex, endIndex, kind]. */
const groupsView = (value: unknown): Outcome =>
  (value as { startIndex: number; endIndex: number; kind: string }[]).map((g) => [g.startIndex, g.endIndex, g.kind]);

/** A compacted result as: status, the new context's record ids, and the record. */
const recordsView = (value: unknown): Outcome => {
  const r = value as { status: string; context: { compactions: { id: string }[] } | undefined; record: unknown };
  return {
    status: r.status,
    records: r.context === undefined ? "<no context>" : r.context.compactions.map((x) => x.id),
    record: r.record === null ? null : JSON.parse(JSON.stringify(r.record)),
  };
};

// b4m-kim-groups-order-chain

const roundsListedFirst: Mistake = {
  id: "rounds-listed-first",
  says:
    "The tool rounds are collected in one list and the message groups in another, and the groups are returned as the tool rounds followed by the message groups, so a user message before a tool round comes after it (and the boundary walk, which goes through the same list, removes the rounds first); the groups tile the transcript in order, each starting where the one before it ends, and the walk takes them oldest first.",
  breaks: "§5 (a frozen list of groups that tile the transcript in order); §6 step 3 (walk the groups oldest first)",
  criterion: "grouping",
  witness: {
    call: "groupToolRounds([user u0, assistant a1 calling c1 (t), its result r1])",
    run: (m) => sync(() => m.groupToolRounds([user("u0"), call("a1", [["c1", "t"]]), result("r1", "c1", "t")]), groupsView),
    expected: {
      value: [
        [0, 1, "message"],
        [1, 3, "toolRound"],
      ],
    },
  },
};

const mergeBoundFixed: Mistake = {
  id: "merge-bound-fixed",
  says:
    "When a tool round is merged with the rounds that overlap it, the scan for assistants inside it stops at the first assistant's own last result, so an assistant that stands in the stretch a later assistant added is never looked at and the group ends before that assistant's last result (which falls into a group of its own, cut from its call); overlapping intervals merge transitively, the group running on until no message inside it reaches further.",
  breaks: "§5 (intervals that overlap or nest merge into one toolRound; a cut between two groups never separates a call from its result)",
  criterion: "grouping",
  witness: {
    call: "groupToolRounds([a1 calling c1, a2 calling c2, r1, a3 calling c3, r2, r3]): a1's round reaches r1 (2), a2's r2 (4), a3's r3 (5)",
    run: (m) =>
      sync(
        () =>
          m.groupToolRounds([
            call("a1", [["c1", "t"]]),
            call("a2", [["c2", "t"]]),
            result("r1", "c1", "t"),
            call("a3", [["c3", "t"]]),
            result("r2", "c2", "t"),
            result("r3", "c3", "t"),
          ]),
        groupsView,
      ),
    expected: { value: [[0, 6, "toolRound"]] },
  },
};

// b4m-kim-guard-context-fallback

const trapFaultAsInputCode: Mistake = {
  id: "trap-fault-as-input-code",
  says:
    "An exception thrown by a Proxy trap while the input is read is always reported as CONTEXT_INVALID_INPUT ('the input could not be read'), also inside the messages, where a throwing trap on a message, a content block or the messages array is CONTEXT_INVALID_TRANSCRIPT; a trap's exception becomes the code of the channel it was met in (only one on the input's messages field itself may be either).",
  breaks: "§3 input rules (an exception thrown by a trap becomes the contract's error code) and codes (anything about the value of messages or inside it, a trap that throws included → CONTEXT_INVALID_TRANSCRIPT)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: [user m0, a Proxy around user m1 whose getPrototypeOf trap throws] })",
    run: (m) =>
      sync(
        () =>
          m.buildActiveContext({
            messages: [
              user("m0"),
              new Proxy(user("m1"), {
                getPrototypeOf() {
                  throw new Error("trap");
                },
              }),
            ],
          }),
        () => "built",
      ),
    expected: { error: "CONTEXT_INVALID_TRANSCRIPT" },
  },
};

const contextAcceptedAsTranscript: Mistake = {
  id: "context-accepted-as-transcript",
  says:
    "groupToolRounds also takes a context: any object that is not an array is built as a context (its missing messages meaning []) and its messages grouped, so groupToolRounds({ messages: [...] }) answers groups; its argument is the transcript itself, an array of messages, and anything else is CONTEXT_INVALID_TRANSCRIPT.",
  breaks: "§5 (groupToolRounds(transcript) validates the transcript, codes as in §3: a value of messages that is not an array → CONTEXT_INVALID_TRANSCRIPT)",
  criterion: "grouping",
  witness: {
    call: "groupToolRounds({ messages: [user u] }) (a context, not a transcript)",
    run: (m) => sync(() => m.groupToolRounds({ messages: [user("u")] }), groupsView),
    expected: { error: "CONTEXT_INVALID_TRANSCRIPT" },
  },
};

const unusableSummaryUnchanged: Mistake = {
  id: "unusable-summary-unchanged",
  says:
    "A summary that step 6 refuses (not a string, only whitespace, above summaryMaxUnits) is taken as 'nothing could be compacted', and compactContext resolves { status: 'unchanged', context, record: null } instead of failing; on every failure compactContext rejects with the step's code (here CONTEXT_SUMMARY_INVALID), and 'unchanged' is only the fast path's answer for a context within maxUnits.",
  breaks: "§7 steps (a failing step rejects with the code given; step 6: not a string → CONTEXT_SUMMARY_INVALID) and 'On failure, on success' (on every failure the rejection is a ContextCompactionError)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext(4 users of 14 units, { maxUnits: 40, targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1 }) with a summarizer returning 42",
    run: (m) => compact(m, usersInput(4), options(() => 42)),
    expected: { error: "CONTEXT_SUMMARY_INVALID" },
  },
};

// b4m-kim-flow-records-ids

const summaryRecordReplaced: Mistake = {
  id: "summary-record-replaced",
  says:
    "When the context already has a summary, the new record takes the place of the last old record (taken to be the one that made the summary now replaced) instead of being appended, so the new context has one record fewer than it should; the old records are all kept and exactly one record is appended: compactions are [...old, record].",
  breaks: "§7 step 8 (the new context's compactions are [...old, record]) and 'On failure, on success' (on success, exactly one record is appended)",
  criterion: "atomicity-and-one-record",
  witness: {
    call:
      "compactContext({ summary: { id: 's0', content: 'old summary' }, 4 users of 14 units, compactions: [rec0 naming s0] }, { maxUnits: 40, targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1, summaryId: 's', recordId: 'r' }) with a summarizer returning 'sum'",
    run: (m) =>
      compact(
        m,
        {
          summary: { id: "s0", content: "old summary" },
          messages: users(4),
          compactions: [{ id: "rec0", summaryId: "s0", boundary: 1, compactedMessageIds: ["m-old"], unitsBefore: 50, unitsAfter: 30 }],
        },
        options(() => "sum"),
        recordsView,
      ),
    expected: {
      value: {
        status: "compacted",
        records: ["rec0", "r"],
        record: { id: "r", summaryId: "s", boundary: 3, compactedMessageIds: ["m0", "m1", "m2"], unitsBefore: 74, unitsAfter: 23 },
      },
    },
  },
};

const compactedIdsWithoutResults: Mistake = {
  id: "compacted-ids-without-results",
  says:
    "The record's compactedMessageIds list only the user and assistant messages compacted, leaving out the tool results compacted with their calls, so wherever a tool round is compacted the record has fewer ids than its boundary and the new context, validated as built, refuses it (CONTEXT_INVALID_INPUT) after the summarizer ran; compactedMessageIds are the ids of every message of the prefix, in order, as many as the boundary.",
  breaks: "§7 step 8 (compactedMessageIds: the ids of the prefix, in order; §3: length === boundary)",
  criterion: "atomicity-and-one-record",
  witness: {
    call:
      "compactContext(the course's failure-experiment transcript (old user, an assistant with two calls, both results, recent user), { maxUnits: 49, targetUnits: 49, summaryMaxUnits: 20, retainRecentMessages: 1, summaryId: 's', recordId: 'r' }) with a summarizer returning 'sum'",
    run: (m) => compact(m, { messages: toolTranscript() }, options(() => "sum", { maxUnits: 49, targetUnits: 49 }), recordsView),
    expected: {
      value: {
        status: "compacted",
        records: ["r"],
        record: {
          id: "r",
          summaryId: "s",
          boundary: 4,
          compactedMessageIds: ["old-user", "tool-round", "result-a", "result-b"],
          unitsBefore: 194,
          unitsAfter: 38,
        },
      },
    },
  },
};

export const B4_KIM: readonly Implementation[] = [
  {
    id: "b4m-kim-groups-order-chain",
    form: "rewrite",
    mistakes: [roundsListedFirst, mergeBoundFixed],
    importsOutside: true,
    composable: true,
  },
  {
    id: "b4m-kim-guard-context-fallback",
    form: "wrapper",
    mistakes: [trapFaultAsInputCode, contextAcceptedAsTranscript, unusableSummaryUnchanged],
    importsOutside: true,
    composable: true,
  },
  {
    id: "b4m-kim-flow-records-ids",
    form: "rewrite",
    mistakes: [summaryRecordReplaced, compactedIdsWithoutResults],
    importsOutside: true,
    composable: true,
  },
];
