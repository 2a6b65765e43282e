import type fc from "fast-check";
import { isControllerSlot, type Json, type PropertyDefinition, type Scenario, type SecondArgument, type Verdict } from "../src/scenario";
import { repeatedIdsScenario } from "../generators";
import { ROOT_PATH } from "../src/driver";
import { modelContextUnits } from "../src/model";
import { compactScenarios } from "./_internals/arbitraries";
import type { CompactionCase } from "./_internals/compaction-reading";
import { onCompaction, resultContext } from "./_internals/compaction-reading";
import { fail, mismatch, mismatchData, pass, show } from "./_internals/format";
import { field, sameData } from "./_internals/json";
import { scriptText, stringOption } from "./_internals/scenario-reading";
import { contractRequest } from "./_internals/summarizer-request";
import { danglingLink, notASubsequence, notSuffixFrom } from "./_internals/transcript-invariants";
import { viewOfMessages } from "./_internals/transcript-view";
import { judgedByAccepted } from "./_internals/accepted";

// compactContext when it compacts (contract §7, steps 4–8). All run on the "compacts" regime.

const SPEC = "contract §7";
const compacts = () => compactScenarios("compacts");

const RECORD_FIELDS = ["id", "summaryId", "boundary", "compactedMessageIds", "unitsBefore", "unitsAfter"] as const;

function recordExact(c: CompactionCase): Verdict {
  if (field(c.result, "status") !== "compacted") return mismatch("status", "compacted", field(c.result, "status"));
  const record = field(c.result, "record");
  const want = field(c.want, "record");
  for (const name of RECORD_FIELDS) {
    if (!sameData(field(record, name), field(want, name))) return mismatch(`record.${name}`, field(want, name), field(record, name));
  }
  return sameData(record, want) ? pass : mismatch("record (exactly the contract's six fields)", want, record);
}

function prefixIds(c: CompactionCase): Verdict {
  const record = field(c.result, "record");
  const boundary = field(record, "boundary");
  const ids = field(record, "compactedMessageIds");
  const want = (c.context.messages ?? []).slice(0, typeof boundary === "number" ? boundary : 0).map((message) => message.id);
  return sameData(ids, want) ? pass : mismatch(`record.compactedMessageIds (ids of messages [0, ${show(boundary)}))`, want, ids);
}

function unitsBeforeAfter(c: CompactionCase): Verdict {
  const record = field(c.result, "record");
  const before = modelContextUnits(c.context);
  if (field(record, "unitsBefore") !== before) return mismatch("record.unitsBefore (units of the old context)", before, field(record, "unitsBefore"));
  // The model's new context: requirements + the summarizer's text under summaryId + the suffix.
  const after = field(field(c.want, "record"), "unitsAfter");
  return field(record, "unitsAfter") === after ? pass : mismatch("record.unitsAfter (units of requirements + new summary + retained messages)", after, field(record, "unitsAfter"));
}

function summaryExact(c: CompactionCase): Verdict {
  const want = { id: stringOption(c.operation.options, "summaryId"), content: scriptText(c.operation.summarizer) };
  if (want.content === null) return fail("harness: a compacting scenario whose summarizer delivers no string");
  return sameData(resultContext(c, "summary"), want as Json) ? pass : mismatch("context.summary (the summarizer's text, untouched)", want, resultContext(c, "summary"));
}

function requirementsKept(c: CompactionCase): Verdict {
  const want = (c.context.requirements ?? []) as unknown as Json;
  return mismatchData("context.requirements", want, resultContext(c, "requirements"));
}

function requestExact(c: CompactionCase): Verdict {
  const calls = c.input.observation.summarizerCalls;
  if (calls.length === 0) return fail("expected the summarizer to be called with the request, observed no call");
  const boundary = field(field(c.want, "record"), "boundary");
  const want = contractRequest(c.operation, c.context, boundary);
  const request = calls[0]!.request;
  for (const name of Object.keys(want)) {
    if (!sameData(field(request, name), want[name])) return mismatchData(`summarizer request.${name}`, want[name], field(request, name));
  }
  if (!sameData(request, want)) return mismatchData("summarizer request (exactly five fields)", want, request);
  return secondArgumentAccepted(c.operation.signal, calls[0]!.secondArgument);
}

/**
 * Contract §7 step 4 and §8: the caller's signal itself; with no signal (none, `undefined`, or
 * `null` read as none) a fresh AbortSignal that is not aborted, or `undefined`.
 */
function secondArgumentAccepted(slot: CompactionCase["operation"]["signal"], second: SecondArgument): Verdict {
  const hasSignal = isControllerSlot(slot);
  if (hasSignal) return second === "optionsSignal" ? pass : mismatch("the summarizer's second argument", "options.signal itself", second);
  return second === "unabortedSignal" || second === "undefined" ? pass : mismatch("the summarizer's second argument with no signal", "a never-aborted AbortSignal or undefined", second);
}

function recordAppended(c: CompactionCase): Verdict {
  const compactions = resultContext(c, "compactions");
  const want = [...((c.context.compactions ?? []) as unknown as Json[]), field(c.result, "record") ?? null];
  if (!sameData(compactions, want)) return mismatchData("context.compactions (the old records, then exactly one new record)", want, compactions);
  return c.input.observation.identity.recordIsLastCompaction === false ? fail("expected result.record to be the very last element of context.compactions, observed a different object") : pass;
}

function suffixValid(c: CompactionCase): Verdict {
  const kept = resultContext(c, "messages");
  const boundary = field(field(c.result, "record"), "boundary");
  const input = viewOfMessages((c.context.messages ?? []) as unknown as Json);
  const output = viewOfMessages(kept);
  const problem = notASubsequence(input, output) ?? danglingLink(output, true) ?? notSuffixFrom(input, output, typeof boundary === "number" ? boundary : 0);
  if (problem !== null) return fail(`expected the retained messages to be the valid suffix after the boundary, observed: ${problem}`);
  const want = (c.context.messages ?? []).slice(typeof boundary === "number" ? boundary : 0) as unknown as Json;
  return mismatchData("context.messages (the retained suffix, unchanged)", want, kept);
}

/**
 * The result, its context and record are deeply frozen (§3's built context, §7 step 8 "all
 * frozen"). The summarizer gets "a frozen request" (§7 step 4): the request object itself. The
 * contract says "deeply" or "every object and array" where it means it, so the prefix list a
 * request holds may be a fresh mutable copy (issue 27 review; variant request-prefix-unfrozen).
 */
function allFrozen(c: CompactionCase): Verdict {
  const frozen = c.input.observation.frozen;
  if (frozen === null || !frozen.deep) return fail(`expected the result deeply frozen, observed unfrozen at ${show(frozen?.firstUnfrozen ?? "(no report)")}`);
  const unfrozenRequest = c.input.observation.summarizerCalls.find((call) => call.requestFrozen.firstUnfrozen === ROOT_PATH);
  return unfrozenRequest === undefined ? pass : fail("expected the summarizer request frozen, observed a mutable request object");
}

/**
 * Repeated message ids (valid, contract-decisions item 3): the record lists the prefix's ids in
 * order, one per compacted message, and the record, the stored record and the kept messages
 * are the model's as with ids of their own.
 */
function repeatedIds(c: CompactionCase): Verdict {
  for (const judge of [prefixIds, recordExact, recordAppended, suffixValid]) {
    const verdict = judge(c);
    if (!verdict.ok) return verdict;
  }
  return pass;
}

function define(id: string, title: string, weight: number, catches: string, judge: (c: CompactionCase) => Verdict, arbitrary: fc.Arbitrary<Scenario> = compacts()): PropertyDefinition {
  return { id: `compaction.${id}`, family: "compaction", title, weight, catches, specRef: SPEC, arbitrary, check: (input) => onCompaction(input, judge) };
}

export const compactionProperties: readonly PropertyDefinition[] = judgedByAccepted([
  define("record-fields-exact", "Status and every record field are exactly the model's", 2, "A wrong id, summaryId or boundary in the record, extra fields, or a status other than \"compacted\".", recordExact),
  // 2 until session 18, when its criterion's point went to compaction.repeated-ids-listed-each (still 200 in all).
  define("compacted-ids-are-prefix-ids", "compactedMessageIds are the ids of the compacted prefix, in order", 1, "An off-by-one slice or reordered ids in the record.", prefixIds),
  define(
    "repeated-ids-listed-each",
    "Message ids that repeat (in the prefix, or across the cut) are listed once per compacted message, in order",
    1,
    "Collecting compactedMessageIds in a Set (or dropping a message whose id was seen), so a repeated id is listed once and the record is shorter than its boundary.",
    repeatedIds,
    repeatedIdsScenario(),
  ),
  define("units-before-after", "unitsBefore/unitsAfter are the units of the old and new contexts", 2, "unitsAfter counting the old summary or the records, or unitsBefore taken after the change.", unitsBeforeAfter),
  define("summary-stored-exactly", "The new summary holds the summarizer's text exactly as returned", 2, "Trimming or normalizing the summary text, or a wrong summary id.", summaryExact),
  define("requirements-kept", "Requirements are carried over unchanged", 2, "Dropping, compacting or reordering requirements.", requirementsKept),
  define("request-exact", "The summarizer gets the exact prefix, previous summary, boundary and maxSummaryUnits", 2, "A request missing the previous summary, a prefix off by one, or maxSummaryUnits not passed through.", requestExact),
  define("summarizer-called-once", "The summarizer is called exactly once", 2, "Calling the summarizer again (retry, validation pass) or not at all.", (c) => {
    const calls = c.input.observation.summarizerCalls.length;
    return calls === 1 ? pass : mismatch("summarizer calls", 1, calls);
  }),
  define("one-record-appended", "Exactly one record is appended after the old ones", 2, "Replacing the record list, appending twice, or returning a record that is not the stored one.", recordAppended),
  define("retained-suffix-valid", "The kept messages are exactly the valid suffix after the boundary", 4, "Keeping messages out of order, dropping a result whose call is kept, or keeping the wrong slice.", suffixValid),
  define("all-frozen", "Result, new context and record are deeply frozen; the summarizer request is frozen", 1, "A shallow freeze that leaves nested arrays or messages of the result mutable, or a request the summarizer can change.", allFrozen),
]);
