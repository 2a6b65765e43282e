// Mistakes in the record, the new context and the request (§7 steps 3, 4, 8), with their witnesses.
import { compact, compactCounting, options, users, usersInput } from "../_witness/fixtures";
import type { Mistake } from "./types";

export const requestUnfrozen: Mistake = {
  id: "request-unfrozen",
  says: "The summarizer receives a request object that is not frozen; the request must be frozen.",
  breaks: "§7 step 4 (call summarizer(request, signal) once, with a frozen request)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "compactContext(4 users) with a summarizer that looks at Object.isFrozen(request)",
    run: async (m) => {
      let frozen: boolean | null = null;
      await compact(
        m,
        usersInput(4),
        options((request) => {
          frozen = Object.isFrozen(request);
          return "sum";
        }),
      );
      return { frozen };
    },
    expected: { frozen: true },
  },
};

export const unitsBeforeMessagesOnly: Mistake = {
  id: "units-before-messages-only",
  says: "The record's unitsBefore counts only the old messages; it is the units of the whole old context (requirements and summary included).",
  breaks: "§7 step 8 (unitsBefore: units of the old context)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext({ requirement r/AB, 4 users }) → result.record.unitsBefore",
    run: (m) =>
      compact(m, { requirements: [{ id: "r", content: "AB" }], messages: users(4) }, options(() => "sum"), (value) => {
        const record = (value as { record: { unitsBefore: number } }).record;
        return { unitsBefore: record.unitsBefore };
      }),
    expected: { value: { unitsBefore: 62 } },
  },
};

export const newSummaryKeepsOldId: Mistake = {
  id: "new-summary-keeps-old-id",
  says: "The new context's summary keeps the previous summary's id; the new summary is { id: summaryId, content: text }.",
  breaks: "§7 step 8 (the new context's summary: { id: summaryId, content: text })",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext({ summary { old, prev }, 4 users }, { summaryId: 's', … }) → result.context.summary",
    run: (m) =>
      compact(m, { summary: { id: "old", content: "prev" }, messages: users(4) }, options(() => "sum"), (value) => ({
        summary: (value as { context: { summary: { id: string; content: string } } }).context.summary,
      })),
    expected: { value: { summary: { id: "s", content: "sum" } } },
  },
};

export const recordIdAfterSummarizer: Mistake = {
  id: "recordid-after-summarizer",
  says: "A recordId already used by a record is noticed only after the summarizer has been called; step 3 must reject it with CONTEXT_INVALID_INPUT before the call.",
  breaks: "§7 step 3 (recordId already used by a record → CONTEXT_INVALID_INPUT), before step 4",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext({ 4 users, a record with id 'r' }, { recordId: 'r', … }) with a summarizer that throws, counting its calls",
    run: (m) =>
      compactCounting(
        m,
        {
          messages: users(4),
          compactions: [{ id: "r", summaryId: "s0", boundary: 1, compactedMessageIds: ["x"], unitsBefore: 1, unitsAfter: 1 }],
        },
        {},
        () => {
          throw new Error("called");
        },
      ),
    expected: { outcome: { error: "CONTEXT_INVALID_INPUT" }, calls: 0 },
  },
};
