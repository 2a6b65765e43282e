import type { CriterionId } from "../criteria";

// Every property belongs to exactly one acceptance criterion (src/grader/criteria.ts): the one
// whose contract sections hold the rule it checks. test/grader/rubric.test.ts checks that every
// property of the suite is here, once. Where a property checks a rule the criteria share:
// - the options of §6 (also as compactContext reads them) are boundary selection's; maxUnits is
//   the fast path's; the signal's validity is cancellation's; summaryId, recordId and the
//   summarizer are checked before anything runs, with the record id (atomicity's);
// - the summarizer's call (§7 step 4: its request, called once) is async observation's, as is
//   everything about its value (step 5);
// - steps 6 and 7 (the summary's text and budgets, the retained suffix) are summary
//   validation's; step 8 (the record and the new context, with its requirements, summary and
//   limits), every failure's code and whole compactions compared with the reference are
//   atomicity and one record's;
// - reading input, limits, frozen-ness (results, groups, requests) and §1's errors are
//   immutable snapshots and ceilings';
// - a call still open (an invalid linkage) is grouping's ("invalid linkage fails closed").

const I = "immutable-snapshots-and-ceilings";
const G = "grouping";
const U = "units";
const B = "boundary-selection";
const F = "unchanged-fast-path";
const S = "summary-validation";
const A = "async-observation";
const C = "cancellation";
const R = "atomicity-and-one-record";

export const PROPERTY_CRITERIA: Readonly<Record<string, CriterionId>> = {
  "units.exact-formula": U,
  "units.astral-counts-one": U,
  "units.key-order-irrelevant": U,
  "units.additive": U,
  "units.plain-input-equals-built": U,
  "units.repeatable": U,
  "groups.tile-transcript-in-order": G,
  "groups.call-never-separated-from-results": G,
  "groups.finest-split": G,
  "groups.frozen": I,
  "boundary.null-or-group-end": B,
  "boundary.earliest-fit": B,
  "boundary.retention-kept": B,
  "boundary.budget-met": B,
  "boundary.monotone-in-target": B,
  "boundary.options-validation-codes": B,
  "compaction.record-fields-exact": R,
  "compaction.compacted-ids-are-prefix-ids": R,
  "compaction.repeated-ids-listed-each": R,
  "compaction.units-before-after": R,
  "compaction.summary-stored-exactly": R,
  "compaction.requirements-kept": R,
  "compaction.request-exact": A,
  "compaction.summarizer-called-once": A,
  "compaction.one-record-appended": R,
  "compaction.retained-suffix-valid": S,
  "compaction.all-frozen": I,
  "fast-path.same-context-object": F,
  "fast-path.summarizer-never-called": F,
  "fast-path.status-unchanged": F,
  "fast-path.record-id-used-still-unchanged": F,
  "atomicity.failure-rejects": R,
  "atomicity.error-is-context-compaction-error": I,
  "atomicity.compact-failure-is-a-rejection": I,
  "atomicity.error-code": R,
  "atomicity.prebuilt-input-unchanged-and-frozen": R,
  "atomicity.plain-input-unchanged": R,
  "atomicity.plain-input-unchanged-on-success": R,
  "differential.build-same-as-reference": I,
  "differential.units-same-as-reference": U,
  "differential.groups-same-as-reference": G,
  "differential.boundary-same-as-reference": B,
  "differential.compact-same-as-reference": R,
  "hostile.rejects-with-channel-code": I,
  "hostile.benign-reads-like-data": I,
  "hostile.accessor-never-invoked": I,
  "hostile.function-never-called": I,
  "hostile.only-contract-errors-escape": I,
  "hostile.input-unchanged": I,
  "limits.at-limit-builds": I,
  "limits.past-limit-exceeded": I,
  "limits.data-after-overflow-never-read": I,
  "async.outcome-per-script": A,
  "async.thenable-depth-64-accepted": A,
  "async.thenable-depth-65-rejected": A,
  "async.forged-code-is-summarizer-failed": A,
  "async.unobservable-promise-refused": A,
  "async.thenable-reached-twice-called-once": A,
  "async.resolution-wins": A,
  "async.no-unhandled-rejection": A,
  "async.failure-leaves-context-unchanged": R,
  "cancel.outcome-per-abort-point": C,
  "cancel.arrives-when-summarizer-never-settles": C,
  "cancel.any-abort-reason": C,
  "cancel.abort-right-after-delivery": C,
  "sequence.outcomes-match-model": R,
  "sequence.valid-when-no-call-open": I,
  "sequence.nothing-lost": R,
  "sequence.target-met": S,
  "sequence.record-units-match": R,
  "sequence.summarizer-saw-previous-summary": A,
  "sequence.failed-step-changes-nothing": R,
  "sequence.in-flight-call-refused": G,
  "sequence.reused-objects-read-anew": R,
  "strength.blank-required-strings-rejected": I,
  "strength.option-budget-edges": B,
  "strength.retention-edge": B,
  "strength.accessors-never-called": I,
  "strength.argument-cycles-are-invalid": I,
  "strength.aggregate-string-budget": I,
  "strength.whitespace-summary-rejected": S,
  "strength.surrogate-runs-counted": U,
  "strength.derived-context-limits": R,
  "strength.compacted-context-limits": I,
  "strength.compacted-context-compacts-again": R,
  "strength.muted-abort-still-cancels": C,
  "strength.non-string-summary-rejected": S,
  "strength.rejections-always-handled": A,
  "strength.reading-requirement-and-units-edges": I,
  "strength.reading-string-edges": I,
  "strength.reading-requirement-fields": I,
  "strength.proxied-count-past-limit": I,
  "strength.reading-record-fields": I,
  "strength.reading-message-fields": I,
  "strength.reading-result-fields": I,
  "strength.reading-tool-names-and-blocks": I,
  "strength.reading-linkage": G,
  "strength.reading-prototypes": I,
  "strength.reading-optional-channels": I,
  "strength.reading-proxied-records": I,
  "strength.reading-through-descriptors": I,
  "strength.reading-null-records": I,
  "strength.reading-arrays-not-records": I,
  "strength.reading-trap-throws-anything": I,
  "strength.blank-option-ids-rejected": R,
  "strength.non-string-option-ids-rejected": R,
  "strength.non-function-summarizer-rejected": R,
  "strength.non-signal-rejected": C,
  "strength.non-signal-rejected-before-fast-path": C,
  "strength.signal-accessor-rejected": C,
  "strength.proxied-signal-rejected": C,
  "strength.non-plain-options-rejected": B,
  "strength.null-prototype-options-accepted": B,
  "strength.boundary-ignores-signal": B,
  "strength.boundary-ignores-aborted-signal": B,
  "strength.non-string-summary-values": S,
  "strength.then-throwing-fails": A,
  "strength.then-return-not-the-value": A,
  "strength.inherited-then-adopted": A,
  "strength.undefined-delivery-settles": A,
  "strength.adoption-stops-at-64": A,
  "strength.promise-constructor-redefined": A,
  "strength.promise-species-redefined": A,
  "strength.resolvers-called-once": A,
  "strength.adoption-failures": A,
  "strength.thenable-delivering-later": A,
  "strength.then-returns-locked-promise": A,
  "strength.promise-own-constructor-retried": A,
  "strength.promise-inherited-species-retried": A,
  "strength.argument-accessors-rejected": I,
  "strength.proxied-arguments-read-by-descriptor": I,
  "strength.argument-values-must-be-json": I,
  "strength.argument-depth-limit": I,
  "strength.argument-keys-named-like-prototype-members": I,
  "strength.frozen-input-copied": I,
  "strength.result-context-rebuilt-same": I,
};

/** The criterion of a property of the suite; undefined for a property the rubric does not know (a test's own). */
export function criterionOfProperty(id: string): CriterionId | undefined {
  return Object.hasOwn(PROPERTY_CRITERIA, id) ? PROPERTY_CRITERIA[id] : undefined;
}
