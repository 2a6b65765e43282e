// The sixth blind set, writer B ("Pat"): three multi-mistake implementations written from the
// contract alone, around §7 step 5 (observing the summarizer's value), cancellation and the
// options checks (§6, §7 step 1). Each mistake is a flag of its folder's compose.ts; with every
// flag off each folder answers as src/core on the checker's scenarios.
import { abortedSignal, compact, options, usersInput } from "../_witness/fixtures";
import type { Implementation, Mistake } from "./types";

/** The contract's outcome of compacting 4 users of 14 units (maxUnits/targetUnits 40, summaryMaxUnits 20, retainRecentMessages 1) with the summary "sum". */
const compactedFour = (recordId = "r", summaryId = "s") => ({
  value: {
    status: "compacted",
    summary: { id: summaryId, content: "sum" },
    kept: ["m3"],
    records: 1,
    record: { id: recordId, summaryId, boundary: 3, compactedMessageIds: ["m0", "m1", "m2"], unitsBefore: 56, unitsAfter: 23 },
  },
});

// ---- b6m-pat-follower-sharedonce-thengetter (rewrite of the waiting step) ----

const onceGuardSharedByChain: Mistake = {
  id: "once-guard-shared-by-chain",
  says:
    "The guard that makes a thenable's resolvers act once is made once for the whole wait and shared by every thenable of the chain, so once the first thenable has delivered, every later thenable's resolve and reject are ignored: a thenable that delivers another thenable (or a then that returns a thenable it also delivers) leaves compactContext pending for ever; each then call gets its own resolvers, which act once for that call only, and a fulfilment is adopted one level deeper (a chain of up to 64 generic thenables delivers its text).",
  breaks: "§7 step 5 (any other object: call then once, with resolvers that act once; a fulfilment is adopted one level deeper; a chain of 64 generic thenables is accepted)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, …) whose summarizer returns a generic thenable delivering a second generic thenable that delivers 'sum'",
    run: (m) =>
      compact(
        m,
        usersInput(4),
        options((_request, _signal) => ({
          then(resolve: (v: unknown) => void) {
            resolve({
              then(inner: (v: unknown) => void) {
                inner("sum");
              },
            });
          },
        })),
      ),
    expected: compactedFour(),
  },
};

const thenGetterNeverCalled: Mistake = {
  id: "then-getter-never-called",
  says:
    "A value's then is looked up through property descriptors along its prototype chain, as the input is read (no accessor called), so a then that is a getter counts as no then: an object whose then getter gives a working then is taken as a plain value (CONTEXT_SUMMARY_INVALID), and a then getter that throws is not a failure either; for the summary value (and what a thenable delivers or a then returns) then is read once as an ordinary property read, a getter included: a throwing read is CONTEXT_SUMMARIZER_FAILED, and a callable then is called.",
  breaks: "§7 step 5 (any other object or function: read then once; a throwing read → CONTEXT_SUMMARIZER_FAILED; a callable then is called)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, …) whose summarizer returns { get then() { return (resolve) => resolve('sum') } }",
    run: (m) =>
      compact(
        m,
        usersInput(4),
        options((_request, _signal) => ({
          get then() {
            return (resolve: (v: unknown) => void) => resolve("sum");
          },
        })),
      ),
    expected: compactedFour(),
  },
};

// ---- b6m-pat-wrapper-arity-renamedid-abortwins (wrapper) ----

const summarizerArityChecked: Mistake = {
  id: "summarizer-arity-checked",
  says:
    "options.summarizer is refused with CONTEXT_INVALID_INPUT unless it declares both parameters (summarizer.length >= 2), so a summarizer written () => 'sum' or (request) => … is refused; the summarizer only has to be a function: it is called with the request and the signal, and may ignore either.",
  breaks: "§7 options (summarizer: a function, else CONTEXT_INVALID_INPUT); §7 step 4",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(4 users of 14 units, { maxUnits: 40, targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1, summaryId: 's', recordId: 'r', summarizer: () => 'sum' })",
    run: (m) => compact(m, usersInput(4), options(() => "sum")),
    expected: compactedFour(),
  },
};

const takenRecordIdRenamed: Mistake = {
  id: "taken-recordid-renamed",
  says:
    "A recordId that a record of the context already uses is replaced by a free one (the id with '-2') and the compaction goes on, so the context gains a record the caller did not name; a recordId already used by a record is CONTEXT_INVALID_INPUT (step 3, before the summarizer is called), and on failure nothing is changed.",
  breaks: "§7 step 3 (if recordId is already used by a record → CONTEXT_INVALID_INPUT); §7 step 8 (the record's id is recordId); §3 (record ids unique)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext({ summary s0, 4 users of 14 units, compactions: [a record 'r'] }, { …, recordId: 'r', summarizer: (request, signal) => 'sum' })",
    run: (m) =>
      compact(
        m,
        {
          summary: { id: "s0", content: "old" },
          messages: usersInput(4).messages,
          compactions: [{ id: "r", summaryId: "s0", boundary: 1, compactedMessageIds: ["old0"], unitsBefore: 30, unitsAfter: 20 }],
        },
        options((_request, _signal) => "sum"),
      ),
    expected: { error: "CONTEXT_INVALID_INPUT" },
  },
};

const abortedSignalOverridesFailure: Mistake = {
  id: "aborted-signal-overrides-failure",
  says:
    "Whenever compactContext fails while the caller's signal is aborted, the failure is reported as CONTEXT_CANCELLED, so an invalid context (or invalid options) passed with an aborted signal gives CONTEXT_CANCELLED; the steps run in order and the first failing one gives its code: the context is built and the options checked (step 1) before the signal is consulted (step 3), so an invalid transcript is CONTEXT_INVALID_TRANSCRIPT whatever the signal says.",
  breaks: "§7 steps (they run in this order; a failing step rejects with the code given: step 1 before step 3); §3 codes",
  criterion: "cancellation",
  witness: {
    call: "compactContext({ messages: 'not a transcript' }, { …, summarizer: (request, signal) => 'sum', signal: an aborted signal })",
    run: (m) => compact(m, { messages: "not a transcript" }, options((_request, _signal) => "sum", { signal: abortedSignal() })),
    expected: { error: "CONTEXT_INVALID_TRANSCRIPT" },
  },
};

// ---- b6m-pat-flow-frozenvalue-promisesonly (rewrite of the whole flow) ----

const summaryValueFrozen: Mistake = {
  id: "summary-value-frozen",
  says:
    "The summarizer's returned value is frozen (Object.freeze) before it is followed, like the request and the result, so a native promise whose own configurable constructor getter throws can no longer be given the temporary constructor of the one retry and is refused as locked (CONTEXT_ASYNC_VALUE_UNOBSERVABLE) instead of delivering its text; the caller's value is observed as it is: when applying the intrinsic then throws and the promise has an own configurable constructor, it is retried once with a temporary own constructor, then restored.",
  breaks: "§7 step 5 (native promise: if the intrinsic then throws and the promise has an own configurable constructor, or none and is extensible, retry once with a temporary constructor, then restore; only a promise that still cannot be observed is locked)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, …) whose summarizer returns Promise.resolve('sum') given an own configurable constructor getter that throws",
    run: (m) =>
      compact(
        m,
        usersInput(4),
        options((_request, _signal) => {
          const p = Promise.resolve("sum");
          Object.defineProperty(p, "constructor", {
            configurable: true,
            get() {
              throw new Error("no constructor here");
            },
          });
          return p;
        }),
      ),
    expected: compactedFour(),
  },
};

const onlyPromisesAwaited: Mistake = {
  id: "only-promises-awaited",
  says:
    "Only a Promise (value instanceof Promise) is waited for; any other value the summarizer returns is taken as the summary as it is, so a generic thenable (an object with a then method, a chain of thenables) fails as CONTEXT_SUMMARY_INVALID without its then being called; any object or function is observed by its kind: its then is read once and, when callable, called, and what it delivers is adopted one level deeper.",
  breaks: "§7 step 5 (any other object or function: read then once; call it once; a fulfilment is adopted one level deeper)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, …) whose summarizer returns { then(resolve) { resolve('sum') } }",
    run: (m) =>
      compact(
        m,
        usersInput(4),
        options((_request, _signal) => ({
          then(resolve: (v: unknown) => void) {
            resolve("sum");
          },
        })),
      ),
    expected: compactedFour(),
  },
};

export const B6_PAT: readonly Implementation[] = [
  {
    id: "b6m-pat-follower-sharedonce-thengetter",
    form: "rewrite",
    mistakes: [onceGuardSharedByChain, thenGetterNeverCalled],
    importsOutside: true,
    composable: true,
  },
  {
    id: "b6m-pat-wrapper-arity-renamedid-abortwins",
    form: "wrapper",
    mistakes: [summarizerArityChecked, takenRecordIdRenamed, abortedSignalOverridesFailure],
    importsOutside: true,
    composable: true,
  },
  {
    id: "b6m-pat-flow-frozenvalue-promisesonly",
    form: "rewrite",
    mistakes: [summaryValueFrozen, onlyPromisesAwaited],
    importsOutside: true,
    composable: true,
  },
];
