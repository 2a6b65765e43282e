// The eighth blind set, writer C ("Wes"): three multi-mistake implementations written from the
// contract (docs/contract.md, docs/contract-decisions.md) and src/core alone, around the waiting
// step of §7 step 5, the signal and the options: a rewrite of the waiting step (his own follower
// in the core's flow), a rewrite of the whole flow (his options reader, his follower, his reading
// of the settled summary) and a wrapper (a cancellation layer over the core's compactContext).
// Each mistake is a flag of the folder's compose.ts; with every flag off each folder answers as
// src/core on the checker's scenarios and limit cases.
import { compact, options, users, usersInput } from "../_witness/fixtures";
import { sync } from "../_witness/observe";
import type { Implementation, Mistake } from "./types";

/** The compacted result of 4 users with the witness options and the summary 'sum' (resultView). */
const COMPACTED = {
  status: "compacted",
  summary: { id: "s", content: "sum" },
  kept: ["m3"],
  records: 1,
  record: { id: "r", summaryId: "s", boundary: 3, compactedMessageIds: ["m0", "m1", "m2"], unitsBefore: 56, unitsAfter: 23 },
};

/** A generic thenable whose then (a method: it throws without its object) runs `body`. */
function thenable(body: (self: object, resolve: (x: unknown) => void, reject: (e: unknown) => void) => unknown): object {
  return {
    then(this: unknown, resolve: (x: unknown) => void, reject: (e: unknown) => void) {
      if (this === undefined) throw new TypeError("then called without its object");
      return body(this as object, resolve, reject);
    },
  };
}

// ---- b8m-wes-rewrite1 -----------------------------------------------------------------------

const thenReturnCheckedInsideThenTry: Mistake = {
  id: "then-return-checked-inside-then-try",
  says:
    "What a custom then returned is judged inside the same try that guards the then call against its own throw, so the verdict on it (a Proxy or a locked promise: CONTEXT_ASYNC_VALUE_UNOBSERVABLE) is taken for a throw of then: after a resolver call it is ignored as a throw after delivery and the delivered text is adopted, before any resolver call it becomes CONTEXT_SUMMARIZER_FAILED ('then threw'); what a then returns is observed at once, before that call counts as finished, and a Proxy or a locked promise it returns (where the then was reached as a summary value) is CONTEXT_ASYNC_VALUE_UNOBSERVABLE, whatever the resolvers did.",
  breaks: "§7 step 5 (What a custom then returns: a Proxy or a locked promise → CONTEXT_ASYNC_VALUE_UNOBSERVABLE, fixed where the then was reached as a summary value; a throw after a resolver call is ignored concerns then's own throw only)",
  criterion: "async-observation",
  witness: {
    call: "compactContext of 4 users (14 units each; maxUnits 40, targetUnits 40, summaryMaxUnits 20, retainRecentMessages 1) with a summarizer returning a thenable whose then calls resolve('sum') and returns a Proxy (forwarding traps) around a native promise",
    run: (m) =>
      compact(
        m,
        usersInput(4),
        options(() =>
          thenable((_self, resolve) => {
            resolve("sum");
            return new Proxy(Promise.resolve("x"), {});
          }),
        ),
      ),
    expected: { error: "CONTEXT_ASYNC_VALUE_UNOBSERVABLE" },
  },
};

const promiseCatchMarksHandled: Mistake = {
  id: "promise-catch-marks-handled",
  says:
    "Every native promise met (the summarizer's value, a delivered one, one a then returned) is first given promise.catch(() => {}) as a safety net against unhandled rejections, and a promise on which that throws is refused as unobservable; catch is the promise's own method and calls the promise's own then (and looks up its constructor), so a promise's own then that is undefined or lies is called or fails (a lying then is run, an undefined one refuses the promise with CONTEXT_ASYNC_VALUE_UNOBSERVABLE) and a promise whose configurable constructor getter throws is refused instead of the one retry; a native promise is observed only with the intrinsic Promise.prototype.then, its own or inherited then is never called, it is retried once with a temporary own constructor when the application throws, and its text is adopted.",
  breaks: "§7 step 5 (Native promise: observed by applying the intrinsic then, whatever its own then says — an own then that is undefined, not callable or lies is never called; the constructor retry; only a promise that still cannot be observed is locked)",
  criterion: "async-observation",
  witness: {
    call: "compactContext of 4 users (the witness options) with a summarizer returning Promise.resolve('sum') given an own then, a function that counts its calls and does nothing; the outcome and the own then's calls",
    run: async (m) => {
      let ownThenCalls = 0;
      const outcome = await compact(
        m,
        usersInput(4),
        options(() => {
          const p = Promise.resolve("sum");
          Object.defineProperty(p, "then", {
            value: () => {
              ownThenCalls++;
            },
            configurable: true,
            writable: true,
          });
          return p;
        }),
      );
      return { outcome, ownThenCalls };
    },
    expected: { outcome: { value: COMPACTED }, ownThenCalls: 0 },
  },
};

// ---- b8m-wes-rewrite2 -----------------------------------------------------------------------

const cycleAsUnobservable: Mistake = {
  id: "cycle-as-unobservable",
  says:
    "A thenable met again while the summary is still waiting on it (a thenable that delivers itself, or two that deliver each other) is refused as a value that cannot be observed, CONTEXT_ASYNC_VALUE_UNOBSERVABLE; a cycle is the summarizer's failure: the same thenable reached twice is called once, and one that waits on itself fails with CONTEXT_SUMMARIZER_FAILED (CONTEXT_ASYNC_VALUE_UNOBSERVABLE is for a Proxy or a locked promise).",
  breaks: "§7 step 5 (Any other object or function: the same thenable reached twice is called once; a cycle → CONTEXT_SUMMARIZER_FAILED)",
  criterion: "async-observation",
  witness: {
    call: "compactContext of 4 users (the witness options) with a summarizer returning a thenable whose then calls resolve with the thenable itself",
    run: (m) => compact(m, usersInput(4), options(() => thenable((self, resolve) => resolve(self)))),
    expected: { error: "CONTEXT_SUMMARIZER_FAILED" },
  },
};

const maxUnitsRequiredForBoundary: Mistake = {
  id: "maxunits-required-for-boundary",
  says:
    "The options reader, shared by both exports, keeps maxUnits in one table with the three budgets of §6 and reads the whole table for selectCompactionBoundary too, so §6's options without maxUnits are refused with CONTEXT_INVALID_INPUT (a missing field) and a maxUnits given to the boundary is held to its range and to targetUnits <= maxUnits; selectCompactionBoundary's options are targetUnits, summaryMaxUnits and retainRecentMessages only (maxUnits is compactContext's), and with them it answers the earliest whole-group cut that fits.",
  breaks: "§6 (selectCompactionBoundary(context, { targetUnits, summaryMaxUnits, retainRecentMessages }): its options are the three fields; a field missing is CONTEXT_INVALID_INPUT only for those three)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary({ messages: 4 users of 14 units }, { targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1 })",
    run: (m) => sync(() => m.selectCompactionBoundary({ messages: users(4) }, { targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1 })),
    expected: { value: 3 },
  },
};

const summaryCoercedToString: Mistake = {
  id: "summary-coerced-to-string",
  says:
    "A settled summary value that is not a string is written out as text with String(…) ('whatever came back, as text'), so 42 becomes the summary '42', null 'null', an object '[object Object]' (running its toString), and is then checked as a text; a value that is not a string is CONTEXT_SUMMARY_INVALID (an object that looks like a message is not text either).",
  breaks: "§7 step 6 (after the value settles: not a string → CONTEXT_SUMMARY_INVALID)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext of 4 users (the witness options) with a summarizer returning the number 42",
    run: (m) => compact(m, usersInput(4), options(() => 42)),
    expected: { error: "CONTEXT_SUMMARY_INVALID" },
  },
};

// ---- b8m-wes-wrapper1 -----------------------------------------------------------------------

const abortThrownFromSummarizerWrapper: Mistake = {
  id: "abort-thrown-from-summarizer-wrapper",
  says:
    "The caller's summarizer is wrapped so that an abort made while it ran is thrown, as a CONTEXT_CANCELLED error, from inside the wrapper right after it returned; to compactContext that is the summarizer throwing, so the compaction fails with CONTEXT_SUMMARIZER_FAILED (a caller cannot choose the code of a throw), and the value the summarizer returned is dropped unobserved (a rejected promise it returned is left unhandled); a summarizer that aborts the signal and returns its text has not failed: the signal is read when its value is received and the call rejects with CONTEXT_CANCELLED.",
  breaks: "§7 steps 4-5 (a synchronous throw → CONTEXT_SUMMARIZER_FAILED is the summarizer's own throw; an abort observed when the value is received or settles → CONTEXT_CANCELLED; every rejection observed is handled)",
  criterion: "cancellation",
  witness: {
    call: "compactContext of 4 users (the witness options, a genuine signal) with a summarizer that aborts the signal and returns 'sum'",
    run: (m) => {
      const controller = new AbortController();
      return compact(
        m,
        usersInput(4),
        options(
          () => {
            controller.abort();
            return "sum";
          },
          { signal: controller.signal },
        ),
      );
    },
    expected: { error: "CONTEXT_CANCELLED" },
  },
};

const fakeSignalProbedForMessage: Mistake = {
  id: "fake-signal-probed-for-message",
  says:
    "When compactContext refuses options.signal as not a genuine AbortSignal, the refusal's message is reworded after probing what was passed (its aborted and addEventListener are read: 'looks like an AbortSignal but is not one'), so a caller's fake signal has its getters (or a Proxy's traps) run, and one whose getter throws makes compactContext reject with that raw error; a value that is not a genuine signal is refused with CONTEXT_INVALID_INPUT without calling anything on it.",
  breaks: "§7 (Genuine signal: any other object or primitive is refused without calling anything on it; every failure is a ContextCompactionError)",
  criterion: "cancellation",
  witness: {
    call: "compactContext of 4 users (the witness options) whose signal is a plain object with a counting getter aborted (false) and addEventListener / removeEventListener methods; the outcome and the getter's calls",
    run: async (m) => {
      let getterCalls = 0;
      const fake = {
        get aborted() {
          getterCalls++;
          return false;
        },
        addEventListener() {},
        removeEventListener() {},
      };
      const outcome = await compact(m, usersInput(4), options(() => "sum", { signal: fake }));
      return { outcome, getterCalls };
    },
    expected: { outcome: { error: "CONTEXT_INVALID_INPUT" }, getterCalls: 0 },
  },
};

export const B8_WES: readonly Implementation[] = [
  {
    id: "b8m-wes-rewrite1",
    form: "rewrite",
    mistakes: [thenReturnCheckedInsideThenTry, promiseCatchMarksHandled],
    importsOutside: true,
    composable: true,
  },
  {
    id: "b8m-wes-rewrite2",
    form: "rewrite",
    mistakes: [cycleAsUnobservable, maxUnitsRequiredForBoundary, summaryCoercedToString],
    importsOutside: true,
    composable: true,
  },
  {
    id: "b8m-wes-wrapper1",
    form: "wrapper",
    mistakes: [abortThrownFromSummarizerWrapper, fakeSignalProbedForMessage],
    importsOutside: true,
    composable: true,
  },
];
