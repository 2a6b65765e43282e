import type { ContextData, Json, PropertyDefinition, Verdict } from "../src/scenario";
import { modelBuild, modelContextUnits } from "../src/model";
import { programScenario } from "../generators/programScenario";
import { allOf, fail, mismatch, pass, show } from "./_internals/format";
import { arrayOrEmpty, field, firstDifference, sameData } from "./_internals/json";
import { describeOutcome } from "./_internals/outcome";
import type { StepCase } from "./_internals/sequence-reading";
import { everyStep, expectedOutcome, observedOutcome, onProgram } from "./_internals/sequence-reading";
import { judgedByAccepted } from "./_internals/accepted";

// Compaction sequences (issue 4, item 3): programs of appends, in-flight tool calls and
// compactions run against one live context. Every invariant is checked after every step.

const SPEC = "contract §3, §7";
const INVALID_TRANSCRIPT = "CONTEXT_INVALID_TRANSCRIPT";

function threwCode(c: StepCase, codes: readonly string[]): Verdict {
  const outcome = c.seen.outcome;
  if (outcome.kind !== "threw" || !outcome.error.isContextCompactionError) return fail(`expected a ContextCompactionError with code ${codes.join(" or ")}, observed: ${describeOutcome(outcome)}`);
  return typeof outcome.error.code === "string" && codes.includes(outcome.error.code) ? pass : mismatch("error code", codes.join(" or "), outcome.error.code);
}

/** Units of a valid context as data, or null when it is not one. */
function unitsOf(context: Json | undefined): number | null {
  const built = modelBuild(context ?? null);
  return built.ok ? modelContextUnits(built.context) : null;
}

/** Units of context-shaped data without validating it (a compact input may hold an open call). */
function unitsOfShape(context: Json): number | null {
  try {
    return modelContextUnits(context as unknown as ContextData);
  } catch {
    return null;
  }
}

function outcomesMatch(c: StepCase): Verdict {
  const want = c.want.expected;
  if (want.kind === "throws") {
    const verdict = threwCode(c, want.codes);
    if (!verdict.ok) return fail(`the model expects ${expectedOutcome(c.want)}; ${verdict.message}`);
  } else if (observedOutcome(c.seen) !== expectedOutcome(c.want)) {
    return mismatch("outcome", expectedOutcome(c.want), c.seen.outcome.kind === "returned" ? observedOutcome(c.seen) : describeOutcome(c.seen.outcome));
  }
  if (c.seen.summarizerCalls.length !== want.summarizerCalls) return mismatch("summarizer calls", want.summarizerCalls, c.seen.summarizerCalls.length);
  // Driver and model derive a compact step's options from the same live context by one formula.
  if (c.want.options !== null && sameData(c.liveBefore, c.want.before as unknown as Json) && !sameData(c.seen.options, c.want.options as unknown as Json)) {
    return fail(`harness: driver and model derived different options from the same context: ${show(c.seen.options)} vs ${show(c.want.options)}`);
  }
  return pass;
}

function validWhenNoCallOpen(c: StepCase): Verdict {
  if (c.want.openAfter > 0) return pass;
  if (c.seen.pending > 0) return fail(`no call is open, expected every appended message in the live context, observed ${c.seen.pending} left out (a build refused)`);
  const built = modelBuild(c.liveAfter);
  if (!built.ok) return fail(`no call is open, expected a valid live context within the limits, observed one that fails with ${built.codes.join(", ")}: ${show(c.liveAfter)}`);
  return pass;
}

function nothingLost(c: StepCase): Verdict {
  const compacted = arrayOrEmpty(field(c.liveAfter, "compactions")).flatMap((record) => arrayOrEmpty(field(record, "compactedMessageIds")));
  const live = arrayOrEmpty(field(c.liveAfter, "messages")).map((message) => field(message, "id") ?? null);
  const observed = [...compacted, ...live];
  const difference = firstDifference(c.committedIds as Json, observed);
  if (difference === null) return pass;
  return fail(`expected the records' compactedMessageIds followed by the live messages' ids to be exactly the ids appended, ${show(c.committedIds)}; observed ${show(observed)} (first difference at ${difference.path}: expected ${show(difference.expected)}, observed ${show(difference.observed)})`);
}

function compactedResult(c: StepCase): { context: Json | undefined; record: Json | undefined } | null {
  if (c.seen.call !== "compact" || c.seen.outcome.kind !== "returned") return null;
  const value = c.seen.outcome.value;
  return field(value, "status") === "compacted" ? { context: field(value, "context"), record: field(value, "record") } : null;
}

function targetMet(c: StepCase): Verdict {
  const result = compactedResult(c);
  if (result === null) return pass;
  const target = field(c.seen.options, "targetUnits");
  const units = unitsOf(result.context);
  if (units === null) return fail(`expected the compacted context to be a valid context, observed ${show(result.context)}`);
  return typeof target === "number" && units <= target ? pass : fail(`expected the compacted context within targetUnits ${show(target)}, observed ${units} units`);
}

function recordUnits(c: StepCase): Verdict {
  const result = compactedResult(c);
  if (result === null) return pass;
  const messages = [...arrayOrEmpty(field(c.liveBefore, "messages")), ...(c.pendingBefore as unknown as Json[])];
  const before = unitsOfShape({ ...(c.liveBefore as { [key: string]: Json }), messages });
  const after = unitsOfShape(result.context ?? null);
  const record = result.record;
  if (field(record, "unitsBefore") !== before) return mismatch("record.unitsBefore (units of the context compacted)", before, field(record, "unitsBefore"));
  if (field(record, "unitsAfter") !== after) return mismatch("record.unitsAfter (units of the new context)", after, field(record, "unitsAfter"));
  const want = c.want.expected.kind === "returns" ? field(c.want.expected.value, "record") : undefined;
  if (want === undefined || !sameData(c.liveBefore, c.want.before as unknown as Json)) return pass;
  for (const name of ["unitsBefore", "unitsAfter"]) {
    if (field(record, name) !== field(want, name)) return mismatch(`record.${name} (the model's)`, field(want, name), field(record, name));
  }
  return pass;
}

function previousSummarySeen(c: StepCase): Verdict {
  const previous = field(c.liveBefore, "summary") ?? null;
  for (const call of c.seen.summarizerCalls) {
    const seen = field(call.request, "previousSummary");
    if (!sameData(seen, previous)) return mismatch("summarizer request.previousSummary (the live context's summary)", previous, seen);
  }
  // Against the model too, while the run has not drifted from it (else an earlier step is the culprit).
  if (c.want.request !== null && c.seen.summarizerCalls.length > 0 && sameData(c.liveBefore, c.want.before as unknown as Json)) {
    const want = field(c.want.request, "previousSummary");
    const seen = field(c.seen.summarizerCalls[0]!.request, "previousSummary");
    if (!sameData(seen, want)) return mismatch("summarizer request.previousSummary (the model's summary so far)", want, seen);
  }
  return pass;
}

function failedChangesNothing(c: StepCase): Verdict {
  const want = c.want.expected;
  if (want.kind === "throws" && c.seen.outcome.kind !== "threw") {
    return fail(`expected this step to fail with ${want.codes.join(" or ")} and change nothing, observed: ${c.seen.outcome.kind === "returned" ? `it ${observedOutcome(c.seen)}` : describeOutcome(c.seen.outcome)}`);
  }
  if (c.seen.outcome.kind !== "threw") return pass;
  if (c.seen.replacedLive) return fail("expected a failed step to keep the live context, observed it replaced");
  if (!c.seen.liveUnchanged) return fail("expected a failed step to leave the live context as it was, observed it changed");
  if (!c.seen.inputUnchanged) return fail("expected a failed step to leave its input as it was, observed it changed");
  return want.kind === "throws" ? threwCode(c, want.codes) : pass;
}

function inFlightRefused(c: StepCase): Verdict {
  const open = c.seen.call === "compact" ? c.want.openBefore : c.want.openAfter;
  if (open === 0) return pass;
  const verdict = threwCode(c, [INVALID_TRANSCRIPT]);
  if (!verdict.ok) return fail(`${open} tool call(s) are open, so the transcript is invalid: ${verdict.message}`);
  if (c.seen.summarizerCalls.length > 0) return fail(`${open} tool call(s) are open: expected the summarizer not to be called, observed ${c.seen.summarizerCalls.length} call(s)`);
  return c.seen.liveUnchanged && !c.seen.replacedLive ? pass : fail(`${open} tool call(s) are open: expected the live context unchanged, observed it changed`);
}

/** A returned step answers exactly what the model returns: the built context, or the whole compaction result. */
function sameAnswer(c: StepCase): Verdict {
  const want = c.want.expected;
  if (want.kind !== "returns" || c.seen.outcome.kind !== "returned") return pass;
  const diff = firstDifference(want.value, c.seen.outcome.value);
  return diff === null ? pass : mismatch(`${c.want.call === "build" ? "built context" : "result"} ${diff.path}`, diff.expected, diff.observed);
}

/** A step's outcome, record units, ids and validity all as the model says. */
export const stepAgreesWithModel = (c: StepCase): Verdict => allOf(outcomesMatch, recordUnits, nothingLost, validWhenNoCallOpen)(c);

function define(id: string, title: string, weight: number, catches: string, judge: (c: StepCase) => Verdict, arbitrary = programScenario()): PropertyDefinition {
  return {
    id: `sequence.${id}`,
    family: "sequence",
    title,
    weight,
    catches,
    specRef: SPEC,
    arbitrary,
    check: (input) => onProgram(input, everyStep(judge)),
  };
}

export const sequenceProperties: readonly PropertyDefinition[] = judgedByAccepted([
  define("outcomes-match-model", "Every step of a program succeeds or fails as the model says", 2, "A compactor whose behaviour drifts over a run: refusing valid appends, compacting when it must refuse, or calling the summarizer a wrong number of times.", outcomesMatch),
  // 3 until session 19, when its criterion's point went to strength.result-context-rebuilt-same (still 200 in all).
  define("valid-when-no-call-open", "Whenever no tool call is open, the live context is valid and within the limits", 2, "A compaction that leaves an orphan result or a broken transcript behind, found only when the next step builds on it.", validWhenNoCallOpen),
  // 4 until session 31, when its point went to sequence.reused-objects-read-anew (still 200 in all).
  define("nothing-lost", "Records' compactedMessageIds then live ids are exactly the ids ever appended", 3, "Records that forget earlier compactions, messages dropped or duplicated across compactions, or an open call trimmed away.", nothingLost),
  define("target-met", "Every compaction leaves the context within targetUnits", 2, "A compactor that aims at maxUnits (or at nothing) instead of targetUnits.", targetMet),
  define("record-units-match", "Every record's unitsBefore/unitsAfter are the units of the contexts before and after", 2, "unitsBefore counted without the previous summary, or unitsAfter not of the new context.", recordUnits),
  define("summarizer-saw-previous-summary", "Each summarizer call receives the live context's previous summary", 2, "A compactor that drops the running summary, so every compaction forgets what earlier ones said.", previousSummarySeen),
  define("failed-step-changes-nothing", "A failing step fails and leaves the live context and its input as they were", 3, "A fallback that truncates or invents a summary when the summarizer fails or the call is cancelled.", failedChangesNothing),
  define(
    "reused-objects-read-anew",
    "Compactions that reuse one options object (its fields changed between calls) and one signal, between failures and cancellations, each get the model's answer",
    1,
    "A module that keeps state from one call to the next: options remembered per object, so a changed field is not read; a signal listened to only the first time it is met, so a later abort while the summary is pending is missed; state left by a failed or cancelled call, so the next call fails.",
    allOf(outcomesMatch, sameAnswer),
    programScenario({ profiles: ["failures"], reuse: { options: true, signal: true } }),
  ),
  define("in-flight-call-refused", "While a tool call is open, appends and compactions are refused with CONTEXT_INVALID_TRANSCRIPT", 4, "A best-effort compactor that cuts before an in-flight call instead of refusing, losing the call and the messages after it.", inFlightRefused),
]);
