// Which broken implementation (test/fixtures/broken/<name>.ts) each property is proven to
// fail on. Chosen so the bug is hit early for every seed (measured: see the report in
// kills.test.ts); several properties may share one module.

export const KILLS: Readonly<Record<string, string>> = {
  "units.exact-formula": "units-key-separator",
  "units.astral-counts-one": "units-utf16",
  "units.key-order-irrelevant": "units-key-separator",
  "units.additive": "units-records-cost",
  "units.plain-input-equals-built": "units-absent-summary",
  "units.repeatable": "units-cached",
  "groups.tile-transcript-in-order": "groups-inclusive-end",
  "groups.call-never-separated-from-results": "groups-no-merge",
  "groups.finest-split": "groups-merge-adjacent",
  "groups.frozen": "groups-unfrozen",
  "boundary.null-or-group-end": "boundary-splits-round",
  "boundary.earliest-fit": "boundary-latest",
  "boundary.retention-kept": "boundary-retention-off-by-one",
  "boundary.budget-met": "boundary-no-summary-reserve",
  "boundary.monotone-in-target": "boundary-latest",
  "boundary.options-validation-codes": "boundary-budget-code",
  "compaction.record-fields-exact": "compact-units-after-old-summary",
  "compaction.compacted-ids-are-prefix-ids": "compact-ids-off-by-one",
  "compaction.repeated-ids-listed-each": "compact-ids-deduplicated",
  "compaction.units-before-after": "compact-units-after-old-summary",
  "compaction.summary-stored-exactly": "compact-trims-summary",
  "compaction.requirements-kept": "compact-drops-requirements",
  "compaction.request-exact": "compact-request-drops-previous-summary",
  "compaction.summarizer-called-once": "compact-summarizer-twice",
  "compaction.one-record-appended": "compact-replaces-records",
  "compaction.retained-suffix-valid": "compact-suffix-off-by-one",
  "compaction.all-frozen": "compact-shallow-result",
  "fast-path.same-context-object": "fast-path-copy",
  "fast-path.summarizer-never-called": "fast-path-summarizes",
  "fast-path.status-unchanged": "fast-path-unfrozen",
  "fast-path.record-id-used-still-unchanged": "fast-path-record-id-checked-first",
  "atomicity.failure-rejects": "compact-no-boundary-resolves",
  "atomicity.error-is-context-compaction-error": "compact-plain-error",
  "atomicity.error-code": "boundary-budget-code",
  "atomicity.prebuilt-input-unchanged-and-frozen": "build-shallow-freeze",
  "atomicity.plain-input-unchanged": "compact-mutates-plain-input",
  "atomicity.plain-input-unchanged-on-success": "compact-pushes-record-into-input",
  "atomicity.compact-failure-is-a-rejection": "compact-throws-synchronously",
  "differential.build-same-as-reference": "build-rebuilds-built",
  "differential.units-same-as-reference": "units-utf16",
  "differential.groups-same-as-reference": "groups-no-merge",
  "differential.boundary-same-as-reference": "boundary-no-summary-reserve",
  "differential.compact-same-as-reference": "compact-plain-error",
};

/**
 * Broken implementations of the contract's edges (session 20: edges that outside
 * implementations showed no generated scenario reached), each with the property, of any family,
 * shown to fail on it: the generator or property that reaches the edge. Fixture → property.
 */
export const EDGE_KILLS: Readonly<Record<string, string>> = {
  // §1: compactContext is async, on the fast path too.
  "fast-path-not-a-promise": "fast-path.status-unchanged",
  // §2, §3: an assistant's block of another type (an image) makes the transcript invalid, not skipped.
  "build-unknown-block-skipped": "strength.reading-tool-names-and-blocks",
  // §7: a failure changes nothing, so a retry with the same recordId compacts (programs retry
  // a failed compaction with its ids).
  "compact-record-id-spent-on-failure": "sequence.outcomes-match-model",
  // §7 step 5: any object or function with a callable then is a thenable, one without
  // Object.prototype on its prototype chain too (held-out s21).
  "compact-null-proto-thenable-plain": "strength.inherited-then-adopted",
  // §7 steps 4-5: a summarizer's rejection is CONTEXT_SUMMARIZER_FAILED whatever it rejects
  // with, an AbortError too; only an aborted signal cancels (held-out s21).
  "compact-abort-error-cancels": "strength.rejections-always-handled",
  // §7: the summarizer is "a function": an async, bound or arrow function too (held-out s21).
  "compact-summarizer-tostring-check": "strength.non-function-summarizer-rejected",
  // §7 step 6: any string is a summary text, one holding a lone surrogate too (held-out s21).
  "compact-summary-well-formed-only": "strength.non-string-summary-rejected",
  // §2: a toolCall block has its arguments; one without them is refused, not read as {} (held-out s22).
  "build-missing-arguments-as-empty": "strength.reading-tool-names-and-blocks",
  // §7 step 4: with no signal, the summarizer's second argument is a fresh AbortSignal that is
  // never aborted (or undefined), not one the compactor aborts when it is done (held-out s22).
  "compact-fresh-signal-aborted-after": "compaction.request-exact",
  // §7 step 5: the retry needs an own configurable constructor (or none and an extensible
  // promise), not an extensible promise (held-out s23).
  "compact-retry-needs-extensible": "strength.promise-own-constructor-retried",
  // §7 step 5: a thenable reached twice (delivered by a then that also returns it) is called
  // once and its settlement reused; only a cycle fails (held-out s23).
  "compact-thenable-reached-again-fails": "async.thenable-reached-twice-called-once",
  // §6, §7: options that are an array are no plain object, CONTEXT_INVALID_INPUT (held-out s23).
  "options-array-accepted": "strength.non-plain-options-rejected",
  // §3: requirement ids are unique among the requirements; a message may share one (held-out s23).
  "build-requirement-message-id-clash": "strength.reading-requirement-fields",
  // §7: a genuine signal's state is what the intrinsic aborted getter reads; an own aborted
  // property false does not hide an abort (held-out s23).
  "compact-aborted-read-by-property": "strength.muted-abort-still-cancels",
};
