// The fifth blind set, writer B ("Max"): two multi-mistake implementations written from the
// contract alone, around §7 step 5 (observing the summarizer's value), cancellation and the
// options checks (§6, §7 step 1). Each mistake is a flag of its folder's compose.ts; with every
// flag off each folder answers as src/core on the checker's scenarios.
import { compact, compactCounting, options, usersInput } from "../_witness/fixtures";
import { sync } from "../_witness/observe";
import type { Implementation, Mistake } from "./types";

/** The contract's outcome of compacting 4 users of 14 units with maxUnits/targetUnits 40 (or maxUnits 50), summaryMaxUnits 20, retainRecentMessages 1, summary "sum". */
const COMPACTED_FOUR = {
  value: {
    status: "compacted",
    summary: { id: "s", content: "sum" },
    kept: ["m3"],
    records: 1,
    record: { id: "r", summaryId: "s", boundary: 3, compactedMessageIds: ["m0", "m1", "m2"], unitsBefore: 56, unitsAfter: 23 },
  },
};

// ---- b5m-max-wrapper-retry-verdict-crosscheck (wrapper) ----

const maxunitsCrossCheckReversed: Mistake = {
  id: "maxunits-cross-check-reversed",
  says:
    "The cross-check of maxUnits is written backwards: a maxUnits above targetUnits is refused with CONTEXT_INVALID_BUDGET (\"maxUnits must not exceed targetUnits\"), so ordinary options such as targetUnits 40 with maxUnits 50 are refused; the rule is targetUnits <= maxUnits, and a maxUnits at or above targetUnits is valid.",
  breaks: "§7 options (maxUnits: safe integer, 1 <= maxUnits <= 1,000,000, targetUnits <= maxUnits, else CONTEXT_INVALID_BUDGET)",
  criterion: "unchanged-fast-path",
  witness: {
    call: "compactContext(4 users of 14 units, { maxUnits: 50, targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1, summaryId: 's', recordId: 'r', summarizer: () => 'sum' })",
    run: (m) => compact(m, usersInput(4), options(() => "sum", { maxUnits: 50 })),
    expected: COMPACTED_FOUR,
  },
};

const summaryVerdictBeforeAbort: Mistake = {
  id: "summary-verdict-before-abort",
  says:
    "The summarizer's returned value is judged as soon as it returns (a value that is not a string → CONTEXT_SUMMARY_INVALID, a blank text → CONTEXT_SUMMARY_INSUFFICIENT) and that verdict replaces a cancellation, so a summarizer that aborts the signal and returns 42 gives CONTEXT_SUMMARY_INVALID; after the value settles the signal comes first: aborted → CONTEXT_CANCELLED, and only then is the text checked.",
  breaks: "§7 step 6 (after the value settles: aborted → CONTEXT_CANCELLED; not a string → CONTEXT_SUMMARY_INVALID; …, in that order); §7 step 5 (an abort observed when the value settles → CONTEXT_CANCELLED)",
  criterion: "cancellation",
  witness: {
    call: "compactContext(4 users, { …, signal }) with a summarizer that aborts the signal and returns 42",
    run: (m) => {
      const controller = new AbortController();
      return compact(
        m,
        usersInput(4),
        options(
          () => {
            controller.abort();
            return 42;
          },
          { signal: controller.signal },
        ),
      );
    },
    expected: { error: "CONTEXT_CANCELLED" },
  },
};

const summarizerRetriedOnFailure: Mistake = {
  id: "summarizer-retried-on-failure",
  says:
    "A compaction whose summarizer failed (CONTEXT_SUMMARIZER_FAILED: it threw, its promise rejected, its thenable failed) is run a second time, so the summarizer is called twice and a summarizer that fails once and then succeeds compacts the context; the summarizer is called once, and its failure is the outcome: CONTEXT_SUMMARIZER_FAILED.",
  breaks: "§7 step 4 (call summarizer(request, signal) once; a synchronous throw → CONTEXT_SUMMARIZER_FAILED); §7 step 5 (a rejection → CONTEXT_SUMMARIZER_FAILED)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users) with a summarizer that throws, counting its calls",
    run: (m) =>
      compactCounting(m, usersInput(4), {}, () => {
        throw new Error("down");
      }),
    expected: { outcome: { error: "CONTEXT_SUMMARIZER_FAILED" }, calls: 1 },
  },
};

// ---- b5m-max-reader-accessor-reserve (rewrite) ----

const accessorOptionReadAsUndefined: Mistake = {
  id: "accessor-option-read-as-undefined",
  says:
    "The options reader takes the value of a field's property descriptor whatever kind it is, so a field that is an accessor (a getter) is read as undefined without being refused: a budget behind a getter is refused as a bad number (CONTEXT_INVALID_BUDGET) and a signal behind a getter is taken as no signal; a field of the options must be an own data property, and an accessor is refused with CONTEXT_INVALID_INPUT (without being called).",
  breaks: "§6 options (a field missing or an accessor → CONTEXT_INVALID_INPUT); §7 (the same rules for the fields of compactContext, the signal included)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(4 users, options whose targetUnits is a getter returning 40, summaryMaxUnits 20, retainRecentMessages 1)",
    run: (m) =>
      sync(() =>
        m.selectCompactionBoundary(
          usersInput(4),
          Object.defineProperty({ summaryMaxUnits: 20, retainRecentMessages: 1 }, "targetUnits", { enumerable: true, get: () => 40 }),
        ),
      ),
    expected: { error: "CONTEXT_INVALID_INPUT" },
  },
};

const maxunitsMustCoverSummaryReserve: Mistake = {
  id: "maxunits-must-cover-summary-reserve",
  says:
    "maxUnits is required to leave room for the target and the new summary together (targetUnits + summaryMaxUnits <= maxUnits, else CONTEXT_INVALID_BUDGET), so maxUnits equal to targetUnits is refused; the only cross-check of maxUnits is targetUnits <= maxUnits (summaryMaxUnits is already inside targetUnits).",
  breaks: "§7 options (maxUnits: safe integer, 1 <= maxUnits <= 1,000,000, targetUnits <= maxUnits, else CONTEXT_INVALID_BUDGET); §6 (summaryMaxUnits <= targetUnits is its only cross-check)",
  criterion: "boundary-selection",
  witness: {
    call: "compactContext(4 users of 14 units, { maxUnits: 40, targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1, summaryId: 's', recordId: 'r', summarizer: () => 'sum' })",
    run: (m) => compact(m, usersInput(4), options(() => "sum")),
    expected: COMPACTED_FOUR,
  },
};

export const B5_MAX: readonly Implementation[] = [
  {
    id: "b5m-max-wrapper-retry-verdict-crosscheck",
    form: "wrapper",
    mistakes: [maxunitsCrossCheckReversed, summaryVerdictBeforeAbort, summarizerRetriedOnFailure],
    importsOutside: true,
    composable: true,
  },
  {
    id: "b5m-max-reader-accessor-reserve",
    form: "rewrite",
    mistakes: [accessorOptionReadAsUndefined, maxunitsMustCoverSummaryReserve],
    importsOutside: true,
    composable: true,
  },
];
