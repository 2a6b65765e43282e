// The seventh blind set, writer C ("Tam"): three multi-mistake implementations written from the
// contract (docs/contract.md, docs/contract-decisions.md) and src/core alone, around the waiting
// step, the signal and the options: a rewrite of compactContext with Tam's own lookout on the
// signal, a rewrite of the whole flow (his options reader, his follower of the summarizer's value
// with a running level counter, his request builder), and a wrapper (an options-tidying layer over
// the exports). Each mistake is a flag of the folder's compose.ts; with every flag off each folder
// answers as src/core on the checker's scenarios and limit cases.
import { compact, options, users, usersInput } from "../_witness/fixtures";
import { countingUnhandled, sync } from "../_witness/observe";
import type { Implementation, Mistake } from "./types";

/** A chain of `n` generic thenables, each delivering the next (its then a method), the last delivering `text`. */
function thenables(n: number, text: string): unknown {
  let value: unknown = text;
  for (let i = 0; i < n; i++) {
    const next = value;
    value = {
      then(this: unknown, resolve: (x: unknown) => void) {
        if (this === undefined) throw new TypeError("then called without its object");
        resolve(next);
      },
    };
  }
  return value;
}

/** The compacted result of 4 users with the witness options and the summary 'sum' (resultView). */
const COMPACTED = { status: "compacted", summary: { id: "s", content: "sum" }, kept: ["m3"], records: 1, record: { id: "r", summaryId: "s", boundary: 3, compactedMessageIds: ["m0", "m1", "m2"], unitsBefore: 56, unitsAfter: 23 } };

// ---- b7m-tam-flow-lookout-early-once ---------------------------------------------------------

const cancellationPromiseArmedEarly: Mistake = {
  id: "cancellation-promise-armed-early",
  says:
    "The cancellation promise (one that rejects with CONTEXT_CANCELLED when the signal aborts) is made, with its abort listener, as soon as compaction is needed, before the record id, the boundary and the summarizer's call, and it is listened to only by the wait; its listener is never taken off the signal, so wherever the wait does not take it up (the summarizer threw, the record id is taken, there is no boundary, or the signal was found aborted when the value came back) an abort, then or at any later time, also after compactContext settled, rejects it with nobody handling it: an unhandledRejection reaches the process. Every rejection the module makes must be handled, and an abort after compactContext settled changes nothing.",
  breaks: "§7 step 5 (No unhandled rejections, also after the operation has settled; Cancellation timing: an abort after compactContext's promise settled changes nothing)",
  criterion: "cancellation",
  witness: {
    call: "compactContext of 4 users (14 units each; maxUnits 40, targetUnits 40, summaryMaxUnits 20, retainRecentMessages 1) with a summarizer that throws and a genuine signal; once compactContext has settled the signal is aborted; its outcome and the unhandled rejections counted",
    run: async (m) => {
      const controller = new AbortController();
      const { result, unhandled } = await countingUnhandled(async () => {
        const outcome = await compact(
          m,
          usersInput(4),
          options(
            () => {
              throw new Error("summarizer down");
            },
            { signal: controller.signal },
          ),
        );
        controller.abort();
        return outcome;
      });
      return { outcome: result, unhandled };
    },
    expected: { outcome: { error: "CONTEXT_SUMMARIZER_FAILED" }, unhandled: 0 },
  },
};

const signalListenedOncePerSignal: Mistake = {
  id: "signal-listened-once-per-signal",
  says:
    "A signal is listened to only the first time a compaction meets it (the module remembers the signals it has put its abort listener on, so as not to pile listeners on a long-lived signal), although that listener is taken off when the compaction ends; a second compaction with the same signal is not listened to, so an abort while its summary is pending on a value that never settles leaves compactContext pending for ever; every compaction listens to its signal while it waits, and an abort while waiting rejects with CONTEXT_CANCELLED.",
  breaks: "§7 step 5 (An abort while waiting → CONTEXT_CANCELLED; the abort listener stays attached until the result is exposed)",
  criterion: "cancellation",
  witness: {
    call: "one AbortController for two compactions of 4 users (14 units each; maxUnits 40, targetUnits 40, summaryMaxUnits 20, retainRecentMessages 1): the first with a summarizer returning 'sum', the second with a summarizer that returns a promise that never settles and aborts the signal in a later macrotask",
    run: async (m) => {
      const controller = new AbortController();
      const first = await compact(m, usersInput(4), options(() => "sum", { signal: controller.signal }));
      const second = await compact(
        m,
        usersInput(4),
        options(
          () => {
            setImmediate(() => controller.abort());
            return new Promise(() => {});
          },
          { signal: controller.signal },
        ),
      );
      return { first, second };
    },
    expected: { first: { value: COMPACTED }, second: { error: "CONTEXT_CANCELLED" } },
  },
};

// ---- b7m-tam-flow-reader-levels-request ------------------------------------------------------

const nanBudgetAccepted: Mistake = {
  id: "nan-budget-accepted",
  says:
    "The budget check (written once, used for targetUnits, summaryMaxUnits, retainRecentMessages and maxUnits) refuses a value that is not a number, has a fraction, or is below its minimum or above its maximum, and NaN passes every one of these comparisons, so a budget of NaN is accepted: with retainRecentMessages NaN the walk keeps no message back and answers a cut, with targetUnits or summaryMaxUnits NaN no cut ever fits, with maxUnits NaN a small context is compacted; each budget must be a safe integer in its range, else CONTEXT_INVALID_BUDGET.",
  breaks: "§6 Options (each field a safe integer, retainRecentMessages >= 0 and <= 4096, …; otherwise CONTEXT_INVALID_BUDGET), §7 (maxUnits the same)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary({ messages: 4 users of 14 units }, { targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: NaN })",
    run: (m) => sync(() => m.selectCompactionBoundary({ messages: users(4) }, { targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: NaN })),
    expected: { error: "CONTEXT_INVALID_BUDGET" },
  },
};

const levelsCarriedOver: Mistake = {
  id: "levels-carried-over",
  says:
    "The level of the summary value is counted by a running counter that the module keeps between compactions and starts over only when a wait gives a value; a wait that fails (a chain too deep, a rejection, a throwing then, an abort) leaves it where it stopped, so the next compaction's value is counted from there: after a chain of 65 thenables has failed, a summarizer that returns its text at once fails with CONTEXT_SUMMARIZER_FAILED; each compaction counts from level 0 (the summarizer's own value), and only a value received above level 64 of that compaction fails.",
  breaks: "§7 step 5 (Depth: the summarizer's return value is level 0; a value received at a level above 64 → CONTEXT_SUMMARIZER_FAILED)",
  criterion: "async-observation",
  witness: {
    call: "two compactions of 4 users (14 units each; maxUnits 40, targetUnits 40, summaryMaxUnits 20, retainRecentMessages 1) on the same module: the first summarizer returns a chain of 65 generic thenables (the last delivering 'sum'), the second returns 'sum'",
    run: async (m) => {
      const first = await compact(m, usersInput(4), options(() => thenables(65, "sum")));
      const second = await compact(m, usersInput(4), options(() => "sum"));
      return { first, second };
    },
    expected: { first: { error: "CONTEXT_SUMMARIZER_FAILED" }, second: { value: COMPACTED } },
  },
};

const requestEmptyFieldsDropped: Mistake = {
  id: "request-empty-fields-dropped",
  says:
    "The summarizer's request is built without the fields that hold nothing: previousSummary is left out when the context has no summary (instead of being null), and requirements when there are none (instead of an empty list); the request is { requirements, previousSummary, messages, boundary, maxSummaryUnits } always, previousSummary being the context's current summary or null.",
  breaks: "§7 step 4 (the frozen request { requirements, previousSummary, messages, boundary, maxSummaryUnits }, previousSummary the current summary or null)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "compactContext of 4 users (14 units each; no requirements, no summary; maxUnits 40, targetUnits 40, summaryMaxUnits 20, retainRecentMessages 1) with a summarizer that notes its request's keys and whether previousSummary is null, and returns 'sum'",
    run: async (m) => {
      let seen: unknown = "not called";
      await compact(
        m,
        usersInput(4),
        options((request) => {
          const r = request as Record<string, unknown>;
          seen = { keys: Object.keys(r).sort().join(","), previousSummary: r.previousSummary === null ? "null" : String(r.previousSummary), requirements: Array.isArray(r.requirements) ? r.requirements.length : String(r.requirements) };
          return "sum";
        }),
      );
      return seen as never;
    },
    expected: { keys: "boundary,maxSummaryUnits,messages,previousSummary,requirements", previousSummary: "null", requirements: 0 },
  },
};

// ---- b7m-tam-wrapper-clamp-remembered --------------------------------------------------------

const budgetsClampedIntoRange: Mistake = {
  id: "budgets-clamped-into-range",
  says:
    "A budget that is a number out of its range is brought into the range (clamped to its nearest bound) instead of being refused, in selectCompactionBoundary and compactContext alike: maxUnits 1,000,001 is used as 1,000,000, targetUnits 0 as 1, retainRecentMessages −1 as 0 and 4,097 as 4,096; each budget must be a safe integer in its range, else CONTEXT_INVALID_BUDGET.",
  breaks: "§6 Options (targetUnits >= 1 and <= 1,000,000, retainRecentMessages >= 0 and <= 4096, …; otherwise CONTEXT_INVALID_BUDGET), §7 (maxUnits <= 1,000,000)",
  criterion: "boundary-selection",
  witness: {
    call: "compactContext of 4 users (14 units each) with maxUnits 1,000,001 (targetUnits 40, summaryMaxUnits 20, retainRecentMessages 1, summarizer returning 'sum')",
    run: (m) => compact(m, usersInput(4), options(() => "sum", { maxUnits: 1_000_001 })),
    expected: { error: "CONTEXT_INVALID_BUDGET" },
  },
};

const optionsRememberedPerObject: Mistake = {
  id: "options-remembered-per-object",
  says:
    "The options are read once per options object and remembered (a caller passes the same object again and again), so when the caller changes a field of that object and calls again, the old value is used: selectCompactionBoundary with retainRecentMessages 4, then the same object with retainRecentMessages 1, still answers null; each call reads the options it is given, as they are then.",
  breaks: "§6 (the answer is the earliest whole-group cut for the options given: latest = messages.length − retainRecentMessages), §7 step 1 (the options are checked on each call)",
  criterion: "boundary-selection",
  witness: {
    call: "opts = { targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 4 }; selectCompactionBoundary({ messages: 4 users of 14 units }, opts); then opts.retainRecentMessages = 1 and selectCompactionBoundary again with the same opts",
    run: (m) => {
      const opts: Record<string, unknown> = { targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 4 };
      const first = sync(() => m.selectCompactionBoundary({ messages: users(4) }, opts));
      opts.retainRecentMessages = 1;
      const second = sync(() => m.selectCompactionBoundary({ messages: users(4) }, opts));
      return { first, second };
    },
    expected: { first: { value: null }, second: { value: 3 } },
  },
};

export const B7_TAM: readonly Implementation[] = [
  {
    id: "b7m-tam-flow-lookout-early-once",
    form: "rewrite",
    mistakes: [cancellationPromiseArmedEarly, signalListenedOncePerSignal],
    importsOutside: true,
    composable: true,
  },
  {
    id: "b7m-tam-flow-reader-levels-request",
    form: "rewrite",
    mistakes: [nanBudgetAccepted, levelsCarriedOver, requestEmptyFieldsDropped],
    importsOutside: true,
    composable: true,
  },
  {
    id: "b7m-tam-wrapper-clamp-remembered",
    form: "wrapper",
    mistakes: [budgetsClampedIntoRange, optionsRememberedPerObject],
    importsOutside: true,
    composable: true,
  },
];
