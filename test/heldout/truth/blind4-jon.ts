// The fourth blind set, writer B ("Jon"): three multi-mistake implementations written from the
// contract alone, around §7 step 5 (observing the summarizer's value), cancellation and the
// options checks (§6, §7 step 1). Each mistake is a flag of its folder's compose.ts; with every
// flag off each folder answers as src/core on the checker's scenarios.
import { compact, options, usersInput } from "../_witness/fixtures";
import { countingUnhandled, sync } from "../_witness/observe";
import type { Implementation, Mistake } from "./types";

// ---- b4m-jon-wrapper-nullbudget-idcode-signalrelay (wrapper) ----

const nullBudgetAsMissing: Mistake = {
  id: "null-budget-as-missing",
  says:
    "A budget option set to null is taken as not given, so targetUnits: null is refused with CONTEXT_INVALID_INPUT as a missing option; null is a value that is present and not a safe integer, so it is CONTEXT_INVALID_BUDGET (only a missing field or an accessor is CONTEXT_INVALID_INPUT).",
  breaks: "§6 options (a field missing or an accessor → CONTEXT_INVALID_INPUT; present but not a safe integer in range → CONTEXT_INVALID_BUDGET); §7 (the same rules for maxUnits)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(4 users, { targetUnits: null, summaryMaxUnits: 20, retainRecentMessages: 1 })",
    run: (m) => sync(() => m.selectCompactionBoundary(usersInput(4), { targetUnits: null, summaryMaxUnits: 20, retainRecentMessages: 1 })),
    expected: { error: "CONTEXT_INVALID_BUDGET" },
  },
};

const overlongIdInvalidInput: Mistake = {
  id: "overlong-id-invalid-input",
  says:
    "A summaryId or recordId longer than 65,536 code points is refused as an invalid id, CONTEXT_INVALID_INPUT, like an empty one; an id over the string limit is CONTEXT_LIMIT_EXCEEDED (an empty or non-string id is CONTEXT_INVALID_INPUT), when the options are checked, before the summarizer is called.",
  breaks: "§7 options (summaryId, recordId: non-empty string of at most 65536 code points, else CONTEXT_INVALID_INPUT; longer → CONTEXT_LIMIT_EXCEEDED, before the summarizer is called)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(4 users, { maxUnits: 40, targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1, summaryId: 65,537 × 'x', recordId: 'r' })",
    run: (m) => compact(m, usersInput(4), options(() => "sum", { summaryId: "x".repeat(65537) })),
    expected: { error: "CONTEXT_LIMIT_EXCEEDED" },
  },
};

const signalUsedBeforeCheck: Mistake = {
  id: "signal-used-before-check",
  says:
    "The caller's signal is used before it is checked: an abort listener is added with signal.addEventListener(…) as compactContext starts, so a signal that is not a genuine AbortSignal (a string, a number, an object shaped like a signal, a signal whose prototype was replaced) makes compactContext reject with a raw TypeError, even where the context is small enough to come back unchanged; options.signal must be checked first (anything but a genuine signal, undefined or null → CONTEXT_INVALID_INPUT), and every failure is a ContextCompactionError.",
  breaks: "§7 options (signal: optional genuine AbortSignal, else CONTEXT_INVALID_INPUT; a genuine signal is refused without calling anything on it); §1 (every failure is a ContextCompactionError); §8 (a re-prototyped signal: never a raw TypeError)",
  criterion: "cancellation",
  witness: {
    call: "compactContext(4 users, { …, signal: 'signal' }) (a string as the signal)",
    run: (m) => compact(m, usersInput(4), options(() => "sum", { signal: "signal" })),
    expected: { error: "CONTEXT_INVALID_INPUT" },
  },
};

// ---- b4m-jon-flow-cycle-abortdrop (rewrite) ----

const cycleWaitsOnItself: Mistake = {
  id: "cycle-waits-on-itself",
  says:
    "A thenable met again while the summary is still waiting on it is simply waited on again (its memoized wait), so a thenable that delivers itself waits for itself and compactContext never settles; the same thenable reached twice is called once, and one that waits on itself (a cycle) fails at once with CONTEXT_SUMMARIZER_FAILED.",
  breaks: "§7 step 5 (the same thenable reached twice is called once; a cycle → CONTEXT_SUMMARIZER_FAILED)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users) with a summarizer returning t = { then(resolve) { resolve(t) } }",
    run: (m) => {
      const t: { then?: unknown } = {};
      t.then = (resolve: (x: unknown) => void) => resolve(t);
      return compact(m, usersInput(4), options(() => t));
    },
    expected: { error: "CONTEXT_SUMMARIZER_FAILED" },
  },
};

const abortedSummaryDropped: Mistake = {
  id: "aborted-summary-dropped",
  says:
    "When the signal was aborted during the summarizer call, compactContext rejects with CONTEXT_CANCELLED at once and drops the value the summarizer returned without looking at it, so a promise it returned that rejects is never handled and an unhandledRejection reaches the process; the value is still observed (a native promise gets its handlers) even when the outcome is already CONTEXT_CANCELLED: every rejection the module observes is handled.",
  breaks: "§7 step 5 (no unhandled rejections: every rejection the module observes is handled, also after the operation has settled)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, { signal }) with a summarizer that aborts the signal and returns Promise.reject(new Error('down')), counting unhandledRejection events",
    run: async (m) => {
      const controller = new AbortController();
      const { result, unhandled } = await countingUnhandled(() =>
        compact(
          m,
          usersInput(4),
          options(
            () => {
              controller.abort();
              return Promise.reject(new Error("down"));
            },
            { signal: controller.signal },
          ),
        ),
      );
      return { outcome: result, unhandled };
    },
    expected: { outcome: { error: "CONTEXT_CANCELLED" }, unhandled: 0 },
  },
};

// ---- b4m-jon-reader-typecode-summarymin (rewrite) ----

const budgetTypeAsInvalidInput: Mistake = {
  id: "budget-type-as-invalid-input",
  says:
    "A budget option that is not a number (the string '40', true, null) is refused with CONTEXT_INVALID_INPUT as a malformed option, and only a number out of range with CONTEXT_INVALID_BUDGET; a budget that is present but not a safe integer in range, whatever its type, is CONTEXT_INVALID_BUDGET (CONTEXT_INVALID_INPUT is for a missing field or an accessor).",
  breaks: "§6 options (present but not a safe integer in range → CONTEXT_INVALID_BUDGET; a wrong type is CONTEXT_INVALID_BUDGET); §7 (maxUnits the same)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(4 users, { targetUnits: '40', summaryMaxUnits: 20, retainRecentMessages: 1 })",
    run: (m) => sync(() => m.selectCompactionBoundary(usersInput(4), { targetUnits: "40", summaryMaxUnits: 20, retainRecentMessages: 1 })),
    expected: { error: "CONTEXT_INVALID_BUDGET" },
  },
};

const summarymaxBelowSmallestSummaryRefused: Mistake = {
  id: "summarymax-below-smallest-summary-refused",
  says:
    "summaryMaxUnits below 7 (the smallest summary: 5 + a one-character id + a one-character text) is refused with CONTEXT_INVALID_BUDGET, in selectCompactionBoundary and compactContext alike; any safe integer from 1 to targetUnits is a valid summaryMaxUnits: the boundary reserves it as it is, and a summary that cannot fit fails later (CONTEXT_SUMMARY_INSUFFICIENT), not the options.",
  breaks: "§6 options (summaryMaxUnits >= 1 and summaryMaxUnits <= targetUnits); §6 the answer (fixed = Σ requirements + summaryMaxUnits)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(4 users of 14 units, { targetUnits: 40, summaryMaxUnits: 5, retainRecentMessages: 1 })",
    run: (m) => sync(() => m.selectCompactionBoundary(usersInput(4), { targetUnits: 40, summaryMaxUnits: 5, retainRecentMessages: 1 })),
    expected: { value: 2 },
  },
};

export const B4_JON: readonly Implementation[] = [
  {
    id: "b4m-jon-wrapper-nullbudget-idcode-signalrelay",
    form: "wrapper",
    mistakes: [nullBudgetAsMissing, overlongIdInvalidInput, signalUsedBeforeCheck],
    importsOutside: true,
    composable: true,
  },
  {
    id: "b4m-jon-flow-cycle-abortdrop",
    form: "rewrite",
    mistakes: [cycleWaitsOnItself, abortedSummaryDropped],
    importsOutside: true,
    composable: true,
  },
  {
    id: "b4m-jon-reader-typecode-summarymin",
    form: "rewrite",
    mistakes: [budgetTypeAsInvalidInput, summarymaxBelowSmallestSummaryRefused],
    importsOutside: true,
    composable: true,
  },
];
