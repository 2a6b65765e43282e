// The seventh blind set, writer A ("Ren"): three several-mistake implementations (a wrapper, a
// reader rewrite, a whole-flow rewrite), written from the contract alone, with their planted
// mistakes as ground truth. Each mistake is a flag of its folder's compose.ts; with every flag off
// each folder answers as src/core on the checker's scenarios.
import { call, compact, options, result, user, users } from "../_witness/fixtures";
import { sync, type Outcome } from "../_witness/observe";
import type { Implementation, Mistake } from "./types";

const built = () => "built";

/** Groups as [startIndex, endIndex, kind]. */
const groupsView = (value: unknown): Outcome =>
  (value as { startIndex: number; endIndex: number; kind: string }[]).map((g) => [g.startIndex, g.endIndex, g.kind]);

// ---------------------------------------------------------------------------------------------
// b7m-ren-wrapper-defaults-nullchannel (wrapper: a tidy-up of the input before src/core reads it)

const channelDefaultsWrittenIntoInput: Mistake = {
  id: "channel-defaults-written-into-input",
  says:
    "Before the context is read, every missing channel is filled in on the caller's own input object (requirements: [], summary: null, messages: [], compactions: []), by a helper every export that takes a context calls, so compactContext({ messages }, …) leaves the caller's object with four keys, also when it fails (and buildActiveContext({ messages }) likewise); a missing channel only means [] or null to the reader, and the input is never written: buildActiveContext returns a copy, and after the call (on failure as on success) the input is as it was.",
  breaks: "§3 (a missing channel means [], null, [], []; it returns a deep copy … after the call the input is never touched again); §7 (on every failure the input context is unchanged)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call:
      "input = { messages: [4 users m0..m3 of 14 units] }; compactContext(input, { maxUnits: 40, targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 4, … }) (no cut leaves 4 messages: CONTEXT_BOUNDARY_UNAVAILABLE); then the caller's input's own keys",
    run: async (m) => {
      const input = { messages: users(4) };
      const outcome = await compact(m, input, options(() => "sum", { retainRecentMessages: 4 }));
      return { outcome, inputKeys: Object.keys(input) };
    },
    expected: { outcome: { error: "CONTEXT_BOUNDARY_UNAVAILABLE" }, inputKeys: ["messages"] },
  },
};

const nullChannelAsMissing: Mistake = {
  id: "null-channel-as-missing",
  says:
    "A channel set to null (requirements: null, messages: null, compactions: null) is taken as a missing channel, so { requirements: null, messages } is built as if it had no requirements; only a missing channel means [] (and only the summary may be null), so requirements: null is refused with CONTEXT_INVALID_INPUT (messages: null with CONTEXT_INVALID_TRANSCRIPT).",
  breaks: "§3 (a missing channel means [], null, [], []; the requirements, messages and compactions are arrays; codes: anything else → CONTEXT_INVALID_INPUT)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ requirements: null, messages: [user m0] })",
    run: (m) => sync(() => m.buildActiveContext({ requirements: null, messages: [user("m0", "hi")] }), built),
    expected: { error: "CONTEXT_INVALID_INPUT" },
  },
};

// ---------------------------------------------------------------------------------------------
// b7m-ren-reader-blanksummary-reqcontent (rewrite: his own reader of requirements, summary and records)

const blankSummaryDropped: Mistake = {
  id: "blank-summary-dropped",
  says:
    "An input summary whose content is only whitespace (or empty) is taken as no summary and dropped, so { summary: { id: 's', content: '   ' }, messages } is built with summary null; a summary's content must have non-whitespace text, and such a summary is refused with CONTEXT_SUMMARY_INVALID (only a missing, null or undefined summary is no summary).",
  breaks: "§3 (Summary = { id, content } // content has non-whitespace text; codes: a summary whose content is only whitespace → CONTEXT_SUMMARY_INVALID)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ summary: { id: 's', content: '   ' }, messages: [user m0] })",
    run: (m) => sync(() => m.buildActiveContext({ summary: { id: "s", content: "   " }, messages: [user("m0", "hi")] }), built),
    expected: { error: "CONTEXT_SUMMARY_INVALID" },
  },
};

const requirementContentMayBeEmpty: Mistake = {
  id: "requirement-content-may-be-empty",
  says:
    "A requirement's content is read by the rule of a message's content, which may be empty, so a requirement { id: 'r', content: '' } (or only whitespace) is accepted; a requirement's id and content are both non-empty (s.trim().length > 0), else CONTEXT_INVALID_INPUT.",
  breaks: "§3 (Requirement = { id: string; content: string } // both non-empty; a bad requirement → CONTEXT_INVALID_INPUT)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ requirements: [{ id: 'r', content: '' }], messages: [user m0] })",
    run: (m) => sync(() => m.buildActiveContext({ requirements: [{ id: "r", content: "" }], messages: [user("m0", "hi")] }), built),
    expected: { error: "CONTEXT_INVALID_INPUT" },
  },
};

// ---------------------------------------------------------------------------------------------
// b7m-ren-flow-rounds-scan-unitsafter (rewrite: his own tool rounds, walk and compactContext)

const innerRoundMeasuredFromRoundStart: Mistake = {
  id: "inner-round-measured-from-round-start",
  says:
    "When a tool round is grown over the assistants inside it, each inner assistant's interval (how far its last result lies past it) is laid from the round's start instead of from that assistant, so an inner assistant whose result comes later is cut off: [a1 calling c1, a2 calling c2, result of c1, user, result of c2] gives the groups [0, 4) and [4, 5) instead of the one toolRound [0, 5); each assistant's interval runs from that message through the last result of its own calls, and overlapping intervals merge. The same grouping serves groupToolRounds and the boundary walks of selectCompactionBoundary and compactContext, which can then cut between a call and its result.",
  breaks: "§5 (each assistant message with tool calls has an interval running from that message through the last result of any of its calls; intervals that overlap merge into one toolRound)",
  criterion: "grouping",
  witness: {
    call: "groupToolRounds([a1 calling c1, a2 calling c2, result of c1, user u, result of c2])",
    run: (m) =>
      sync(
        () => m.groupToolRounds([call("a1", [["c1", "t"]]), call("a2", [["c2", "t"]]), result("r1", "c1", "t"), user("u"), result("r2", "c2", "t")]),
        groupsView,
      ),
    expected: { value: [[0, 5, "toolRound"]] },
  },
};

const roundsPlannedBeforeValidation: Mistake = {
  id: "rounds-planned-before-validation",
  says:
    "The tool rounds are first planned on the caller's data as it was given (each message's role and content, the blocks' types and ids, the results' toolCallId read by ordinary property access), and only then is it validated: in groupToolRounds on the transcript, and in selectCompactionBoundary and compactContext on the input's messages before the context is built; so a getter in the messages is called before the input is refused. Nothing of the caller's runs: the data is read through descriptors and validated before anything else looks at it, and an accessor is refused (CONTEXT_INVALID_TRANSCRIPT) without being called.",
  breaks: "§3 input rules (nothing of the caller's runs: no accessor of the input is ever called); §5 (groupToolRounds validates the transcript, codes as in §3); §6, §7 step 1 (the context is built first)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call:
      "selectCompactionBoundary({ messages: [user m0 whose role is a getter (counting its calls), user m1] }, { targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1 }); the outcome and the getter's calls",
    run: (m) => {
      let calls = 0;
      const first = { id: "m0", content: "hi" } as Record<string, unknown>;
      Object.defineProperty(first, "role", {
        enumerable: true,
        get() {
          calls++;
          return "user";
        },
      });
      const outcome = sync(() => m.selectCompactionBoundary({ messages: [first, user("m1")] }, { targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1 }));
      return { outcome, getterCalls: calls };
    },
    expected: { outcome: { error: "CONTEXT_INVALID_TRANSCRIPT" }, getterCalls: 0 },
  },
};

const unitsAfterCountsOldestMessages: Mistake = {
  id: "units-after-counts-oldest-messages",
  says:
    "The record's unitsAfter counts as many messages as are kept, but from the start of the old transcript (messages 0 … count − boundary − 1) instead of the kept ones (boundary … count − 1), so compacting [m0 of 26 units, m1 of 7, m2 of 8] at boundary 1 with the summary 'sum' (9 units) records unitsAfter 42 instead of 24; unitsAfter is the units of the new context: requirements, the new summary and the kept messages.",
  breaks: "§7 step 8 (the record's unitsAfter is the units of the new context)",
  criterion: "atomicity-and-one-record",
  witness: {
    call:
      "compactContext({ messages: [user m0 of 20 'x' (26 units), user m1 'x' (7), user m2 'xx' (8)] }, { maxUnits: 40, targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1, summaryId: 's', recordId: 'r' }) with the summary 'sum'",
    run: (m) =>
      compact(m, { messages: [user("m0", "x".repeat(20)), user("m1", "x"), user("m2", "xx")] }, options(() => "sum"), (value) => {
        const r = value as { status: string; record: { boundary: number; unitsBefore: number; unitsAfter: number } };
        return { status: r.status, boundary: r.record.boundary, unitsBefore: r.record.unitsBefore, unitsAfter: r.record.unitsAfter };
      }),
    expected: { value: { status: "compacted", boundary: 1, unitsBefore: 41, unitsAfter: 24 } },
  },
};

export const B7_REN: readonly Implementation[] = [
  {
    id: "b7m-ren-wrapper-defaults-nullchannel",
    form: "wrapper",
    mistakes: [channelDefaultsWrittenIntoInput, nullChannelAsMissing],
    importsOutside: true,
    composable: true,
  },
  {
    id: "b7m-ren-reader-blanksummary-reqcontent",
    form: "rewrite",
    mistakes: [blankSummaryDropped, requirementContentMayBeEmpty],
    importsOutside: true,
    composable: true,
  },
  {
    id: "b7m-ren-flow-rounds-scan-unitsafter",
    form: "rewrite",
    mistakes: [innerRoundMeasuredFromRoundStart, roundsPlannedBeforeValidation, unitsAfterCountsOldestMessages],
    importsOutside: true,
    composable: true,
  },
];
