// The third blind set, writer A: student-fay, a whole implementation written from scratch, with
// five planted mistakes (two in async observation), each switchable (b3-student-fay/compose.ts).
// With every flag off she answers as src/core on the checker's scenarios and limit cases.
import * as A from "./async";
import { call, compact, options, result, users, usersInput } from "../_witness/fixtures";
import { sync } from "../_witness/observe";
import type { Implementation, Mistake } from "./types";

/** A thenable of a class whose one `then` (on the prototype) delivers the link's next value. */
class Link {
  constructor(readonly next: unknown) {}
  then(resolve: (value: unknown) => void): void {
    resolve(this.next);
  }
}

const thenablesKeyedByThen: Mistake = {
  id: "thenables-keyed-by-then",
  says: "Thenables met are remembered by their then method rather than by the object, so a second thenable that shares its then with the first (two instances of one class) is taken for the first one reached again, a cycle, and fails with CONTEXT_SUMMARIZER_FAILED; each object is its own thenable: its then is called once, and only the same object reached again is a repeat (a cycle when it waits on itself).",
  breaks: "§7 step 5 (any other object: call then once; the same thenable reached twice is called once, a cycle fails; a fulfilment is adopted one level deeper)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users) with a summarizer returning new Link(new Link('sum')), Link a class whose prototype then delivers the instance's next value",
    run: (m) => compact(m, usersInput(4), options(() => new Link(new Link("sum"))), A.summaryOnly),
    expected: A.compactedWith("sum"),
  },
};

const proxyCheckedAtEntryOnly: Mistake = {
  id: "proxy-checked-at-entry-only",
  says: "Only the summarizer's own value is asked whether it is a Proxy; a Proxy around a native promise returned by a custom then is read as any object (its then, the intrinsic one, throws on the Proxy and that inner failure is dropped), so the text the then delivered is adopted; a Proxy returned by a then reached as a summary value cannot be observed: CONTEXT_ASYNC_VALUE_UNOBSERVABLE.",
  breaks: "§7 step 5 (what a custom then returns: a Proxy or a locked promise → CONTEXT_ASYNC_VALUE_UNOBSERVABLE, fixed where that then was reached as a summary value)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users) with a summarizer returning a thenable whose then delivers 'sum' and returns new Proxy(Promise.resolve('x'), {})",
    run: (m) =>
      compact(
        m,
        usersInput(4),
        options(() => ({
          then(resolve: (value: unknown) => void) {
            resolve("sum");
            return new Proxy(Promise.resolve("x"), {});
          },
        })),
        A.summaryOnly,
      ),
    expected: { error: "CONTEXT_ASYNC_VALUE_UNOBSERVABLE" },
  },
};

const sharedContainerAsCycle: Mistake = {
  id: "shared-container-as-cycle",
  says: "Every container met in tool-call arguments stays on the list of those being read, so the same array or object found at a second place (an alias, no cycle) is refused as a cycle (CONTEXT_INVALID_TRANSCRIPT); only a container met again inside itself is a cycle, one shared by two fields is valid JSON data and is counted at each place.",
  breaks: "§3 input rules (tool-call arguments: JSON values, no cycles) and §4 (J counts each place)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "estimateContextUnits of an assistant calling t with arguments { a: x, b: x } (x the one array [1]) and its empty result",
    run: (m) => {
      const x = [1];
      return sync(() => m.estimateContextUnits({ messages: [call("a", [["c", "t", { a: x, b: x }]]), result("r", "c", "t", "")] }));
    },
    expected: { value: 39 },
  },
};

const retainCheckedAfterFit: Mistake = {
  id: "retain-checked-after-fit",
  says: "The walk takes the first cut that fits before asking whether its group ends past latest, so a cut that leaves fewer than retainRecentMessages messages is answered; after removing each group, a group ending past latest = messages.length − retainRecentMessages makes the answer null first, and only then is the fit asked.",
  breaks: "§6 the answer, steps 1 and 3 (if endIndex > latest the answer is null; else, if it fits, endIndex)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(4 users of 14, { targetUnits: 1000, summaryMaxUnits: 10, retainRecentMessages: 4 })",
    run: (m) => sync(() => m.selectCompactionBoundary({ messages: users(4) }, { targetUnits: 1000, summaryMaxUnits: 10, retainRecentMessages: 4 })),
    expected: { value: null },
  },
};

const unitsAfterOldSummaryId: Mistake = {
  id: "units-after-old-summary-id",
  says: "The record's unitsAfter charges the new summary with the id of the summary it replaces (5 + u(old summary id) + u(text)); unitsAfter is the units of the new context, whose summary is { id: summaryId, content: text }.",
  breaks: "§7 step 8 (unitsAfter: the units of the new context) and §4 (summary: 5 + u(id) + u(content))",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext({ summary: { id: 'old-summary', content: 'prev' }, 4 users }) with the summary 'sum' (summaryId 's') → result.record.unitsAfter",
    run: (m) =>
      compact(m, { summary: { id: "old-summary", content: "prev" }, messages: users(4) }, options(() => "sum"), (value) => ({
        unitsAfter: (value as { record: { unitsAfter: number } }).record.unitsAfter,
      })),
    expected: { value: { unitsAfter: 23 } },
  },
};

const syncTextSkipsSignal: Mistake = {
  id: "sync-text-skips-signal",
  says: "A summary the summarizer returns directly (a string, no promise to wait for) is committed at once, without reading the signal, so an abort made inside the summarizer before it returned is missed and the context compacted; the signal is read when the value settles and after the await, whatever the value, and an abort seen there is CONTEXT_CANCELLED.",
  breaks: "§7 step 6 (after the value settles: aborted → CONTEXT_CANCELLED) and step 5 (the signal is read when the value settles, after the await, before the result is exposed)",
  criterion: "cancellation",
  witness: {
    call: "compactContext(4 users, { signal }) with a summarizer that aborts the signal's controller and returns 'sum'",
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
        A.summaryOnly,
      );
    },
    expected: { error: "CONTEXT_CANCELLED" },
  },
};

const recordBoundaryAsKeptCount: Mistake = {
  id: "record-boundary-as-kept-count",
  says: "The record's boundary is written as the number of messages kept (messages.length − boundary), so wherever that differs from the number compacted the new context's record does not match its compactedMessageIds and the compaction fails (CONTEXT_INVALID_INPUT); the record's boundary is the boundary itself, the length of the compacted prefix.",
  breaks: "§7 step 8 (the record: { id, summaryId, boundary, compactedMessageIds (the ids of the prefix), … }) and §3 (compactedMessageIds.length === boundary)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext(4 users) with the summary 'sum' (boundary 3, one message kept)",
    run: (m) => compact(m, usersInput(4), options(() => "sum"), A.summaryOnly),
    expected: A.compactedWith("sum"),
  },
};

const unitsBeforeOfNewContext: Mistake = {
  id: "units-before-of-new-context",
  says: "The record's unitsBefore is taken from the context being made (it equals unitsAfter); unitsBefore is the units of the old context, the one compacted.",
  breaks: "§7 step 8 (unitsBefore: units of the old context)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext(4 users, { maxUnits: 48, targetUnits: 48 }) with the summary 'sum' (boundary 2, two kept) → result.record.unitsBefore",
    run: (m) =>
      compact(m, usersInput(4), options(() => "sum", { maxUnits: 48, targetUnits: 48 }), (value) => ({
        unitsBefore: (value as { record: { unitsBefore: number } }).record.unitsBefore,
      })),
    expected: { value: { unitsBefore: 56 } },
  },
};

// Written as a second mistake and withdrawn in session 26: an abort listener attached before the
// summarizer is called answers CONTEXT_CANCELLED for an abort inside the summarizer followed by a
// synchronous throw, which contract-decisions 12 accepts beside CONTEXT_SUMMARIZER_FAILED (the
// pinned variant V35 abort-heard-during-the-call does the same): a choice, not a mistake.

/** A genuine signal whose prototype was replaced: its aborted state reads, but it takes no abort listener. */
function signalWithoutPrototype(): AbortSignal {
  const signal = new AbortController().signal;
  Object.setPrototypeOf(signal, Object.prototype);
  return signal;
}

const unwatchableSignalUsed: Mistake = {
  id: "unwatchable-signal-used",
  says: "A signal that refuses the abort listener (a genuine signal whose prototype was replaced) is used anyway, unwatched, and the context compacted; such a signal is refused before the call (CONTEXT_INVALID_INPUT) or fails after it (CONTEXT_SUMMARIZER_FAILED), since an abort while waiting could not be seen.",
  breaks: "§7 step 5 (the value is awaited while watching the signal) and §8 (a genuine signal whose prototype was replaced: CONTEXT_INVALID_INPUT before the call or CONTEXT_SUMMARIZER_FAILED after it)",
  criterion: "cancellation",
  witness: {
    call: "compactContext(4 users, { signal }) with the signal of an AbortController whose prototype was set to Object.prototype, and a summarizer returning 'sum'",
    run: (m) => compact(m, usersInput(4), options(() => "sum", { signal: signalWithoutPrototype() }), A.summaryOnly),
    expected: { error: "CONTEXT_SUMMARIZER_FAILED" },
  },
};

export const B3_FAY: readonly Implementation[] = [
  {
    id: "b3-student-fay",
    form: "student",
    mistakes: [thenablesKeyedByThen, proxyCheckedAtEntryOnly, sharedContainerAsCycle, retainCheckedAfterFit, unitsAfterOldSummaryId],
    importsOutside: false,
    composable: true,
  },
  {
    id: "b3m-fay-flow-synctext-boundary-unitsbefore",
    form: "rewrite",
    mistakes: [syncTextSkipsSignal, recordBoundaryAsKeptCount, unitsBeforeOfNewContext],
    importsOutside: true,
    composable: true,
  },
  {
    id: "b3m-fay-signal-early-listener-unwatched",
    form: "rewrite",
    mistakes: [unwatchableSignalUsed],
    importsOutside: true,
    composable: true,
  },
];
