// The implementations with two to five mistakes, each mistake independent of the others (its
// witness shows it alone and is untouched by the others: test/heldout/witnesses.test.ts).
import * as A from "./async";
import * as B from "./boundary";
import * as C from "./cancellation";
import * as F from "./fastpath-summary";
import * as G from "./grouping-units";
import * as R from "./reading";
import * as T from "./atomicity";
import type { Form, Implementation, Mistake } from "./types";

/** Every multi-mistake implementation imports the reference, the kit and some one-mistake implementations' compose.ts. */
const multi = (id: string, form: Form, mistakes: readonly Mistake[]): Implementation => ({
  id,
  form,
  mistakes,
  importsOutside: true,
  composable: true,
});

export const MULTI_MISTAKE: readonly Implementation[] = [
  // two or three mistakes in one layer
  multi("multi-async-depth-then-return", "rewrite", [A.noDepthCap, A.thenReturnIgnored]),
  multi("multi-async-three", "rewrite", [A.thenableIdentityLost, A.promiseResolveAwait, C.abortDuringCallLost]),
  multi("multi-async-resolvers-forged-dropped", "rewrite", [A.resolversNotOnce, A.forgedErrorCode, C.signalDroppedAfterStart]),
  multi("multi-async-wrappers", "wrapper", [A.unhandledOnFailure, A.proxyPromiseFailed]),
  multi("multi-reading-depth-blank", "wrapper", [R.depth32Refused, R.blankUserContentRefused]),
  multi("multi-reading-getter-utf16", "wrapper", [R.channelGetterCalled, R.stringLimitUtf16]),
  multi("multi-options-spread-retain", "wrapper", [B.optionsSpread, B.retainNoUpperBound]),
  multi("multi-options-equal-maxunits", "wrapper", [B.summaryMaxEqualTargetRefused, F.maxUnitsNoUpperBound]),
  multi("multi-units-three", "rewrite", [G.negativeNumberSign, G.toolNameNotCounted, G.jsonFalseAsTrue]),
  multi("multi-boundary-two", "rewrite", [B.crossingGroupAccepted, B.countsOldSummary]),
  multi("multi-cancel-reason-duck", "wrapper", [C.abortReasonThrown, C.duckTypedSignal]),
  multi("multi-record-three", "wrapper", [T.unitsBeforeMessagesOnly, T.newSummaryKeepsOldId, T.requestUnfrozen]),
  // mistakes in different layers
  multi("multi-groups-nested-strict", "rewrite", [G.nestedEndOverwritten, B.strictFit]),
  multi("multi-fastpath-summary", "wrapper", [F.unchangedWithoutRecord, F.blankSummaryCode, F.numberCoerced]),
  multi("multi-spread-signal-dropped", "wrapper", [B.optionsSpread, C.signalDroppedAfterStart]),
  multi("multi-getter-proxy", "wrapper", [R.channelGetterCalled, A.proxyPromiseFailed]),
  multi("multi-five", "wrapper", [G.estimatePlusOne, G.assistantGroupKind, F.fastpathReadsSignal, A.unhandledOnFailure, R.trapEscapes]),
];
