// The one-mistake implementations: one conceptual mistake each, everything else as the contract says.
import * as A from "./async";
import * as B from "./boundary";
import * as C from "./cancellation";
import * as F from "./fastpath-summary";
import * as G from "./grouping-units";
import * as R from "./reading";
import * as T from "./atomicity";
import type { Form, Implementation, Mistake } from "./types";

/** Every one-mistake implementation imports the reference (and most the kit) from outside its folder. */
const one = (id: string, form: Form, mistake: Mistake, composable = form !== "edit"): Implementation => ({
  id,
  form,
  mistakes: [mistake],
  importsOutside: true,
  composable,
});

export const ONE_MISTAKE: readonly Implementation[] = [
  // immutable snapshots and ceilings
  one("input-getter-called", "wrapper", R.channelGetterCalled),
  one("depth-32-refused", "wrapper", R.depth32Refused),
  one("blank-user-content-refused", "wrapper", R.blankUserContentRefused),
  one("string-limit-utf16", "wrapper", R.stringLimitUtf16),
  one("trap-escapes", "wrapper", R.trapEscapes),
  one("freezes-input", "wrapper", R.freezesInput),
  one("symbol-key-skipped", "edit", R.symbolKeySkipped),
  one("request-unfrozen", "wrapper", T.requestUnfrozen),
  // grouping
  one("groups-first-result", "rewrite", G.intervalFirstResult),
  one("groups-nested-end", "rewrite", G.nestedEndOverwritten),
  one("groups-kind-assistant", "wrapper", G.assistantGroupKind),
  // units
  one("units-plus-one", "wrapper", G.estimatePlusOne),
  one("json-false-as-true", "edit", G.jsonFalseAsTrue),
  one("units-negative-number", "wrapper", G.negativeNumberSign),
  one("units-own-estimator", "rewrite", G.toolNameNotCounted),
  // boundary selection and its options
  one("boundary-counts-old-summary", "edit", B.countsOldSummary),
  one("boundary-strict-fit", "rewrite", B.strictFit),
  one("boundary-crossing-group", "rewrite", B.crossingGroupAccepted),
  one("options-spread", "wrapper", B.optionsSpread),
  one("summarymax-equal-target-refused", "edit", B.summaryMaxEqualTargetRefused),
  one("retain-no-upper-bound", "wrapper", B.retainNoUpperBound),
  // the unchanged fast path
  one("fastpath-strict", "rewrite", F.fastpathStrict),
  one("fastpath-reads-signal", "wrapper", F.fastpathReadsSignal),
  one("fastpath-no-record", "wrapper", F.unchangedWithoutRecord),
  one("maxunits-no-upper-bound", "wrapper", F.maxUnitsNoUpperBound),
  // summary validation
  one("summary-exact-fit-refused", "edit", F.summaryExactFitRefused),
  one("blank-summary-code", "wrapper", F.blankSummaryCode),
  one("summary-number-coerced", "rewrite", F.numberCoerced),
  one("summary-units-no-id", "rewrite", F.summaryUnitsWithoutId),
  // async observation
  one("promise-resolve-await", "rewrite", A.promiseResolveAwait, false),
  one("then-return-ignored", "edit", A.thenReturnIgnored),
  one("resolvers-not-once", "edit", A.resolversNotOnce),
  one("thenable-identity-lost", "edit", A.thenableIdentityLost),
  one("unhandled-on-failure", "wrapper", A.unhandledOnFailure),
  one("proxy-promise-failed", "wrapper", A.proxyPromiseFailed),
  one("forged-error-code", "edit", A.forgedErrorCode),
  // cancellation
  one("signal-dropped-after-start", "rewrite", C.signalDroppedAfterStart),
  one("abort-checked-after-call", "edit", C.abortCheckedAfterCall),
  one("abort-reason-thrown", "wrapper", C.abortReasonThrown),
  one("duck-typed-signal", "wrapper", C.duckTypedSignal),
  one("abort-during-call-lost", "edit", C.abortDuringCallLost),
  // atomicity and one record
  one("units-before-messages-only", "wrapper", T.unitsBeforeMessagesOnly),
  one("new-summary-keeps-old-id", "wrapper", T.newSummaryKeepsOldId),
  one("recordid-after-summarizer", "edit", T.recordIdAfterSummarizer),
];
