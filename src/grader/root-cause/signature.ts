import { expectedFor, modelBuild, type BuildOutcome, type ModelGroup } from "../../model/index";
import { withoutUpstream, type BuildAnswer } from "../../model/upstream";
import type { Json } from "../../scenario/data";
import { acceptedOutcomes, type Expected } from "../../scenario/expected";
import type { Observation } from "../../scenario/observation";
import type { Operation, Scenario, SummarizerScript } from "../../scenario/scenario";
import { settleScript } from "../../model/summarizer";
import { answeredRight, contractOf } from "./accepts";
import { answerObservation } from "./answers";
import { keptNotTrimmed, outcomeDeparture, type Departure } from "./departure";
import { buildText, contractText as buildContractText, sameBuild, type Asked, type Difference, type Failure, type Recheck } from "./differences";
import { value, valueText } from "../report/notation";
import { plainCompaction, seenGroups } from "./probe";
import { plainShapes } from "./plain-shapes";
import { escapedOptionsRefined, optionsKey, optionsRefined, refineBuild, refineGroups, type Refined } from "./refine";
import { CODE } from "../../model/limits";
import { OPTION_CODES, contractOptions } from "./options";
import { itemsOf, refineUnits } from "./refine-units";
import { limitByUnits } from "./refine-limit";
import { boundaryDetail, cutWhereNoneFits, groupsBehindCut, groupsOtherwise, noCutWhereOneFits, unitsBehindCut, WITH_ROUNDS } from "./refine-boundary";
import { sizeByUnits } from "./refine-size";
import { STORED_SUMMARY, storedSummaryExplains } from "./refine-stored-summary";
import { foreignResult } from "./foreign-result";
import { sizeMeasuredOtherwise } from "./refine-measure";
import { ownFieldsContract } from "./refine-fields";
import { summaryLimitOtherwise } from "./refine-summary-limit";
import type { BoundaryOptions } from "../../model/shapes";
import type { ContextData } from "../../scenario/data";
import type { UpstreamProbe } from "./probe";
import type { RuleId } from "./rules";
import { boundaryFirst, checkedLate } from "./late-check";
import { fastPathMeasure, isUnchanged } from "./fast-path-measure";
import { RECORD_IDENTITY, SUMMARIZER_CALL, labelsAside } from "./focus";
import { throwLetOut } from "./throw-let-out";
import { escapeWhereNothingKept } from "./kept-nothing";
import { asciiStrings, refusedFeature } from "./build-features";
import { refusedForSharedId } from "./shared-ids";
import { requestSignature } from "./request-check";
import type { Signature } from "./signature-type";
import { abortWhileWaiting, calledAgain, compactRule, departingStep, scriptRule, scriptText } from "./steps";

// A failure's signature: the contract rule where the submission's answer departs and how it
// departs (docs/grading.md "Root causes"). Failures with one signature are one mistake, one
// root cause; two signatures are two mistakes, also within one layer. The localization
// (./localize) says which answer departs (an upstream answer of the submission, an observed
// fact, or the failing call itself); the signature names the rule of that very answer:
// - units: the row of §4 (./refine), groups: how the groups differ, boundary: the answer;
// - build and options: the part of the input or the options fields the departure needs;
// - a compaction (the plain question, or the failing call): the step of §7 where the answers
//   part, and at step 5 the kind of value the summarizer delivers;
// - an observed fact: the fact.

export type { Signature };

export interface Signed {
  readonly failure: Failure;
  readonly recheck: Recheck;
  readonly signature: Signature;
}

const FACT_RULES: Readonly<Record<string, RuleId>> = {
  "error-class": "errors.class",
  freezing: "frozen.results",
  input: "atomicity.unchanged",
  "then-calls": "step5.thenable",
  restoration: "step5.nativePromise",
};

export async function signatureOf(failure: Failure, recheck: Recheck, expected: Expected | null, probe: UpstreamProbe | null): Promise<Signature> {
  // A verdict that turned on the summarizer's call (./focus), whatever else the result shows: step 4's rule.
  if (failure.focus === SUMMARIZER_CALL && expected !== null) {
    const called = requestSignature(failure.scenario, failure.observation, expected);
    if (called !== null) return called;
  }
  // A verdict that turned on result.record being another object (./focus): that fact's rule.
  if (failure.focus === RECORD_IDENTITY) return { key: "identity.record", rule: "identity.record", question: "result.record === the new context's last record", subject: "false (another object)", contract: "true" };
  if (failure.scenario.operation.kind === "compact") {
    const thrown = await throwLetOut(failure.scenario, failure.observation, probe);
    if (thrown !== null) return thrown;
  }
  // The summarizer called again where the contract calls it once: that departs first, whatever the calls then answered.
  if (failure.scenario.operation.kind === "compact" && expected !== null && calledAgain(failure.observation, expected)) {
    return calledAgainSignature(failure.observation, "compactContext");
  }
  // A result naming messages the input does not hold: another call's result (./foreign-result).
  const foreign = foreignResult(failure.scenario, failure.observation);
  if (foreign !== null) return foreign;
  const counted = await countedWhereBuildRefuses(failure, expected, probe);
  if (counted !== null) return counted;
  const found = await signatureByLayer(failure, recheck, expected, probe);
  if (failure.scenario.operation.kind !== "compact") return found;
  const contract = expected ?? contractOf(failure.scenario);
  return (contract === null ? null : await checkedLate(failure.scenario, failure.observation, contract, found, probe)) ?? found;
}

/**
 * estimateContextUnits answering a count for an input the contract refuses, which the subject's
 * own buildActiveContext refuses as the contract does: its estimate does not build the context
 * as §4 says (a failure swallowed, a count without the checks), one mistake whichever rule of §3
 * the input breaks (a ceiling, a record, the shape, a reading).
 */
async function countedWhereBuildRefuses(failure: Failure, expected: Expected | null, probe: UpstreamProbe | null): Promise<Signature | null> {
  const op = failure.scenario.operation;
  if (op.kind !== "units" || probe === null || failure.observation.outcome.kind !== "returned") return null;
  const contract = expected ?? withoutUpstream(() => expectedFor(failure.scenario));
  const accepted = acceptedOutcomes(contract);
  const codes = accepted.flatMap((e) => (e.kind === "throws" ? e.codes : []));
  if (accepted.some((e) => e.kind === "returns") || codes.length === 0) return null;
  // Its build asked the same input, dressed the same way.
  const built = (await probe.observe({ operation: { kind: "build", input: op.input }, ...(failure.scenario.decorations === undefined ? {} : { decorations: failure.scenario.decorations }) }))?.outcome;
  const code = built?.kind === "threw" && built.error.isContextCompactionError && typeof built.error.code === "string" ? built.error.code : null;
  if (code === null || !codes.includes(code)) return null;
  return { key: "units.context counted where its own build refuses", rule: "units.context", question: "estimateContextUnits(input)", subject: `returns ${valueText(failure.observation.outcome.value)}`, contract: `rejects with ${codes.join(" or ")}, as its own buildActiveContext(input) does (${code})` };
}

/** A summarizer called again where the contract calls it once (./steps calledAgain): one key, whichever way it was found. */
function calledAgainSignature(observation: Observation, question: string): Signature {
  return { key: "step4.request calls more", rule: "step4.request", question, subject: `calls the summarizer ${observation.summarizerCalls.length} times`, contract: "calls it once" };
}

async function signatureByLayer(failure: Failure, recheck: Recheck, expected: Expected | null, probe: UpstreamProbe | null): Promise<Signature> {
  const layer = recheck.layer;
  const first = (kind: Asked["kind"]) => recheck.differences.find((d) => d.about?.kind === kind);
  // A cancellation that rejects with something else than a ContextCompactionError (the signal's reason): whichever way it was found.
  const own = layer === null || layer === "error-class" || recheck.how === "reproduced" ? ownDeparture(failure, expected) : null;
  if (own?.kind === "escapes" && own.key.includes("CONTEXT_CANCELLED")) return { key: "cancel.error", rule: "cancel.error", question: OPERATION_NAMES[failure.scenario.operation.kind] ?? "", subject: own.subject, contract: own.contract };
  if (layer === "units") {
    const found = probe === null ? null : await refineUnits(recheck.differences, probe);
    if (found !== null) return { key: found.rule, ...found };
    const d = recheck.differences[0];
    return { key: "units.context", rule: "units.context", question: d?.question ?? "", subject: d?.subject ?? "", contract: d?.contract ?? "" };
  }
  const reading = recheck.differences.find((d) => d.about?.kind === "reading");
  if (reading?.about?.kind === "reading") return readingSignature(reading, reading.about, probe);
  if (layer === "groups") {
    const d = first("groups");
    if (d !== undefined) return signed(refineGroups(d));
  }
  if (layer === "boundary") {
    const d = recheck.differences.find((x) => x.layer === "boundary");
    const answer = d?.about?.kind === "boundary" ? await boundaryAnswer(d.about.context, d.about.options, d.about.subject, d.about.contract, probe) : "";
    return typeof answer === "string" ? fromDifference("boundary.answer", answer === "" ? "boundary" : answer, d) : answer;
  }
  if (layer === "options") {
    const d = first("options");
    if (d?.about?.kind === "options") {
      const q = d.about.question;
      const refined = await optionsRefined(q.operation, q.options, q.summarizerSlot, q.signal, d.about.subject, probe);
      return { key: optionsKey(refined), rule: refined.rule, question: d.question, subject: d.subject, contract: d.contract };
    }
  }
  if (layer === "build") {
    const d = first("build");
    if (d !== undefined) return builtSigned(d, probe);
    return fromDifference("read.input", "", recheck.differences[0]);
  }
  if (layer === "compaction") {
    const d = recheck.differences.find((x) => x.about?.kind === "compaction");
    if (d?.about?.kind === "compaction") {
      const scenario = plainCompaction(d.about.question);
      const plain = withoutUpstream(() => expectedFor(scenario));
      const observation = answerObservation(d.about.subject);
      const contract = (await ownFieldsContract(scenario, observation, plain, probe)) ?? plain;
      return compactSignature(scenario, observation, contract, d, probe, failure.focus);
    }
  }
  if (layer === "async") {
    const d = recheck.differences[0];
    const op = failure.scenario.operation;
    if (op.kind === "compact") {
      const symptom = recheck.how === "reproduced" ? ownDeparture(failure, expected) : null;
      if (symptom?.kind === "leaks") {
        const found = await essentialDress("step5.unhandled", failure.scenario, probe);
        // A then that delivers the text and returns a promise that rejects, the compaction done
        // and the rejection left unhandled (and no dress or carrier the leak needs): what the
        // then returned got no handlers, step 5's "observed at once", of which the leak is what shows.
        // (Or the outcome otherwise right, a cancellation, where the same thenable without what its
        // then returns is answered right: the leak is still that of what the then returned.)
        const thenReturned = found === "step5.unhandled" && op.summarizer.kind === "thenReturnsRejecting" && (failure.observation.outcome.kind === "returned" || (await answeredRight({ ...failure.scenario, operation: { ...op, summarizer: { kind: "thenableChain", depth: 1, text: scriptText(op.summarizer) ?? "summary" } as never } }, probe)));
        const rule: RuleId = thenReturned ? "step5.thenReturns" : found;
        return { key: rule, rule, question: d?.question ?? "", subject: symptom.subject, contract: symptom.contract };
      }
      const scenario = failure.scenario;
      const contract = expected ?? withoutUpstream(() => expectedFor(scenario));
      const thenable = await thenableSignature(scenario, failure.observation, contract, probe, d?.question ?? "");
      if (thenable !== null) return thenable;
      const rule = await essentialDress(compactRule(op, failure.observation, contract) ?? "step5.settles", scenario, probe);
      if (rule === "step4.request" && calledAgain(failure.observation, contract)) return calledAgainSignature(failure.observation, d?.question ?? "");
      return { key: `${rule}${await thenableShape(rule, scenario, probe)}`, rule, question: d?.question ?? "", subject: d?.subject ?? "", contract: d?.contract ?? "" };
    }
  }
  if (layer !== null && layer in FACT_RULES) {
    const d = recheck.differences[0];
    const rule = FACT_RULES[layer]!;
    const what = d === undefined ? "" : d.question.replace(/^[^:]*: /, "").replace(/step \d+'s /, "");
    const key = layer === "freezing" && (await builtShallow(failure.scenario, what, probe)) ? "the returned value" : what;
    return { key: `${rule} ${key}`, rule, question: d?.question ?? "", subject: d?.subject ?? "", contract: d?.contract ?? "" };
  }
  if (layer === "identity") {
    const d = recheck.differences[0];
    const name = d?.question ?? "";
    // compactContext threw where it returns a promise: its failures are rejections (§1), whatever else the identities show.
    const thrown = recheck.differences.find((x) => /threwSynchronously|returnedNativePromise/.test(x.question));
    if (thrown !== undefined) return { key: "errors.rejects", rule: "errors.rejects", question: thrown.question, subject: thrown.subject, contract: thrown.contract };
    let rule: RuleId = /resultContextIsInput/.test(name) ? "identity.fastPath" : /record/i.test(name) ? "identity.record" : "identity.built";
    // The fast path's context another object while the subject's own build of a built context is another object too: the build's identity.
    const op = failure.scenario.operation;
    if (rule === "identity.fastPath" && op.kind === "compact" && probe !== null && (await probe.observe({ operation: { kind: "build", input: op.context, twice: true } }))?.identity.rebuildIsSame === false) rule = "identity.built";
    return { key: rule, rule, question: name, subject: d?.subject ?? "", contract: d?.contract ?? "" };
  }
  return ownSignature(failure, expected, probe);
}

/**
 * The two ways a chain of thenables departs as one mistake, whichever script, dress or layer shows
 * it: a hang on thenables, and a value with a then taken as the summary; null otherwise.
 */
async function thenableSignature(scenario: Scenario, observation: Observation, contract: Expected, probe: UpstreamProbe | null, question: string): Promise<Signature | null> {
  if (hangsOnThenable(scenario, observation)) return hangsSignature(observation, question);
  const taken = await takenAsSummary(scenario, observation, contract, probe);
  return taken === null ? null : { ...taken, question };
}

/**
 * A compaction that never settles on a summarizer returning thenables (a chain, one reached
 * twice), with no abort while it waits: the thenables observed otherwise (step 5), one mistake
 * whichever depth, dress or decoration the chain comes with and whatever the contract answers
 * there (a text, a failure past 64 levels).
 */
function hangsOnThenable(scenario: Scenario, observation: Observation): boolean {
  const op = scenario.operation;
  return op.kind === "compact" && observation.outcome.kind === "timeout" && !abortWhileWaiting(op) && THENABLE_RULES.has(scriptRule(op.summarizer));
}

const THENABLE_RULES: ReadonlySet<RuleId> = new Set(["step5.thenable", "step5.depth", "step5.reachedTwice"]);

function hangsSignature(observation: Observation, question: string): Signature {
  const outcome = observation.outcome;
  return { key: "step5.thenable hangs", rule: "step5.thenable", question, subject: `never settles (still pending after ${outcome.kind === "timeout" ? outcome.afterMs : 0} ms)`, contract: "settles (a text, or the failure its chain gives)" };
}

/**
 * A value that has a then (a promise, a thenable), refused as no string (CONTEXT_SUMMARY_INVALID)
 * where the contract follows it: the value taken as the summary itself, not awaited. One mistake
 * whichever shape or dress the value has, named by what the plainest two are answered: a plain
 * thenable taken as the summary (thenables not followed), else a plain native promise
 * (promises not awaited); null when both are answered right (the shape is the point, told by
 * the rule of the script).
 */
async function takenAsSummary(scenario: Scenario, observation: Observation, contract: Expected, probe: UpstreamProbe | null): Promise<Omit<Signature, "question"> | null> {
  const op = scenario.operation;
  if (op.kind !== "compact" || probe === null || observation.outcome.kind !== "threw" || observation.outcome.error.code !== "CONTEXT_SUMMARY_INVALID") return null;
  if (acceptedOutcomes(contract).some((e) => e.kind === "throws" && e.codes.includes("CONTEXT_SUMMARY_INVALID"))) return null;
  const rule = scriptRule(op.summarizer);
  if (!rule.startsWith("step5.") || rule === "step5.settles" || rule === "step5.abort" || rule === "step5.rejection") return null;
  const text = scriptText(op.summarizer) ?? "summary";
  const asked = (summarizer: Json) => answeredRight({ operation: { ...op, summarizer: summarizer as never, abort: "none" } }, probe);
  const subject = "rejects with CONTEXT_SUMMARY_INVALID";
  if (!(await asked({ kind: "thenableChain", depth: 1, text }))) return { key: "step5.thenable taken as the summary", rule: "step5.thenable", subject, contract: "follows the thenable to its text" };
  if (!(await asked({ kind: "text", text, delivery: "promise" }))) return { key: "step5.nativePromise taken as the summary", rule: "step5.nativePromise", subject, contract: "awaits the promise to its text" };
  return null;
}

/** Whether the subject answers right the same compaction with every string's characters other than printable ASCII made "x", keys too (where the contract still returns). */
async function rightInAscii(scenario: Scenario, probe: UpstreamProbe): Promise<boolean> {
  const op = scenario.operation;
  if (op.kind !== "compact" || (scenario.decorations ?? []).length > 0) return false;
  const summarizer = op.summarizer as { readonly [field: string]: Json };
  const ascii = (v: Json | undefined): Json | undefined => (v === undefined ? v : asciiStrings(v));
  const plain: Scenario = { ...scenario, operation: { ...op, context: asciiStrings(op.context, true), options: ascii(op.options) as Json, summarizer: (typeof summarizer.text === "string" ? { ...summarizer, text: asciiStrings(summarizer.text) } : summarizer) as never } };
  if (JSON.stringify(plain) === JSON.stringify(scenario)) return false;
  const want = contractOf(plain);
  return want !== null && acceptedOutcomes(want).some((e) => e.kind === "returns") && (await answeredRight(plain, probe));
}

/**
 * Whether a freezing fact is a returned value's: a prebuilt input mutable after the call is the
 * build's value, and a summarizer's request mutable while the subject's own build of the
 * context is not deeply frozen shares the build's parts. One mistake (a value returned not
 * deeply frozen), whichever call shows it.
 */
async function builtShallow(scenario: Scenario, what: string, probe: UpstreamProbe | null): Promise<boolean> {
  if (what === "the built input after the call") return true;
  const op = scenario.operation;
  if (probe === null || what !== "the summarizer's request" || op.kind !== "compact") return false;
  const built = await probe.observe({ operation: { kind: "build", input: op.context } });
  return built?.outcome.kind === "returned" && built.frozen !== null && !built.frozen.deep;
}

/**
 * A reading of decorated data (./decorated): a getter, setter or function of the caller called,
 * or an error that is no ContextCompactionError, breaks the reading rule itself; another
 * answer on data read right is the rule that answer turns on (the same as plain data's).
 */
async function readingSignature(d: Difference, about: Extract<Asked, { kind: "reading" }>, probe: UpstreamProbe | null): Promise<Signature> {
  const rule: RuleId = about.target === "input" ? "read.input" : "read.options";
  const own = about.own;
  const called = about.calls !== null && ["getter", "setter", "function"].some((name) => (about.calls!.own[name] ?? 0) > (about.calls!.contract[name] ?? 0));
  const escaped = own.outcome.kind === "threw" && !own.outcome.error.isContextCompactionError;
  const side = { question: d.question, subject: d.subject, contract: d.contract };
  // null taken for a record lets a TypeError escape wherever a record is read, input or options: one mistake.
  if (escaped && nullRecordIn(about)) return { key: "read.null", rule: "read.null", ...side };
  const op = about.question.operation;
  // Plain options (no decoration) answered with an error of another kind: the check they break.
  if (escaped && about.target === "options" && (about.question.decorations ?? []).length === 0 && (op.kind === "boundary" || op.kind === "compact")) {
    const refined = escapedOptionsRefined(op.kind, op.options);
    if (refined !== null) return { key: optionsKey(refined), rule: refined.rule, ...side };
  }
  // A caller's code run, or an error of another kind let out: one mistake of the reader of
  // fields, wherever the input (records, tool-call arguments) or the options show it.
  if (called || escaped) {
    const how = `read ${called ? "calls" : "escapes"}`;
    return about.target === "options" ? { key: "read options", rule, ...side, joins: [how] } : { key: how, rule, ...side };
  }
  // The same question as plain data: answered right, the decorations were the point (the reading
  // rule: one mistake whether the input or the options hold them, as one reader of fields makes
  // it; its key is how the answer departs); else the data's rule.
  const plain = probe === null ? undefined : await probe.observe({ operation: op });
  let contractPlain: Expected | null = null;
  try {
    contractPlain = withoutUpstream(() => expectedFor({ operation: op }));
  } catch {
    contractPlain = null;
  }
  const direction = readingDirection(own, about.contract);
  // Decorations the point, unless what the answer departs on is a rule of the data: a limit
  // accepted (a count read past through a Proxy), or another code than the contract's.
  const limitAccepted = direction === "accepts" && acceptedOutcomes(about.contract).some((e) => e.kind === "throws" && e.codes.includes("CONTEXT_LIMIT_EXCEEDED"));
  // Plain data answered right (or not asked: the readings' allowance spent), the decorations are
  // the point. The options are read in one place: every departure of their reading is one
  // mistake (a spread of the options runs getters, takes accessors and prototypes alike), which
  // also joins the input's reading departing the same way (one reader of fields for both).
  const plainRight = plain === undefined || (contractPlain !== null && outcomeDeparture(plain, contractPlain) === null);
  if (plainRight && about.target === "options") return { key: "read options", rule, ...side, joins: [`read ${direction}`] };
  // Decorations that only put plain JSON of another type in the input (a role 7, a number for a
  // string) make data the contract refuses, which a reader of fields reads like any: accepting
  // it is the data's rule (its validation), not the reading's.
  const jsonOnly = (about.question.decorations ?? []).every((d) => d.kind === "value" && d.target === "input" && !tagged(d.value as Json));
  // An input with a hole accepted, and the same input with the item in its place answered right:
  // the hole read as no item (the array copied without it), one mistake of the reader whichever
  // rule the shorter array then meets (a limit, a Proxy's traps), told from its other acceptances.
  const decorations = about.question.decorations ?? [];
  const holeRead = direction === "accepts" && probe !== null && decorations.some((x) => x.kind === "hole") && (await answeredRight({ ...about.question, decorations: decorations.filter((x) => x.kind !== "hole") }, probe));
  if (holeRead) return { key: "read accepts a hole", rule, ...side };
  if (plainRight && direction !== "answers otherwise" && !limitAccepted && !jsonOnly) return { key: `read ${direction}`, rule, ...side };
  const answer = own.outcome.kind === "threw" && typeof own.outcome.error.code === "string" ? { ok: false as const, code: own.outcome.error.code } : { ok: true as const };
  if (about.target === "options" && (op.kind === "boundary" || op.kind === "compact")) {
    const callable = await callableRefused(about.question, answer, probe);
    if (callable !== null) return { key: callable, rule: "options.summarizer", ...side };
    const refined = await optionsRefined(op.kind, op.options, op.kind === "compact" ? (op.summarizerSlot as Json) : undefined, op.kind === "compact" ? (op.signal as Json) : undefined, answer, probe);
    return { key: optionsKey(refined), rule: refined.rule, ...side };
  }
  const input = op.kind === "groups" ? op.transcript : op.kind === "build" || op.kind === "units" ? op.input : op.kind === "boundary" || op.kind === "compact" ? op.context : null;
  const built = await builtSigned({ ...d, about: { kind: "build", question: { reader: op.kind === "groups" ? "groups" : "build", input }, subject: answer.ok ? { ok: true, context: {} } : answer, contract: contractBuild(about.contract) } }, probe);
  return { key: built.key, rule: built.rule, ...side };
}

/** Whether a scenario value holds a tag for what JSON has not (NaN, undefined, a function, …: `{ $cc: … }`). */
function tagged(v: Json): boolean {
  if (v === null || typeof v !== "object") return false;
  if (Array.isArray(v)) return v.some(tagged);
  return "$cc" in v || Object.values(v).some(tagged);
}

/** How a reading's answer departs: accepting data the contract refuses, refusing data it accepts, or otherwise. */
function readingDirection(own: Observation, contract: Expected): string {
  const accepts = acceptedOutcomes(contract);
  if (own.outcome.kind === "returned" && accepts.every((e) => e.kind === "throws")) return "accepts";
  if (own.outcome.kind === "threw" && accepts.every((e) => e.kind === "returns")) return "refuses";
  return "answers otherwise";
}

/** Whether a reading's question holds null where a record is read: the options, a requirement, message, record or content block, or arguments. */
function nullRecordIn(about: Extract<Asked, { kind: "reading" }>): boolean {
  const op = about.question.operation;
  if (about.target === "options") return (op.kind === "boundary" || op.kind === "compact") && op.options === null;
  if ((about.question.decorations ?? []).some((d) => d.target === "input" && d.kind === "value" && d.value === null)) return true;
  const input = op.kind === "build" || op.kind === "units" ? op.input : op.kind === "boundary" || op.kind === "compact" ? op.context : op.kind === "groups" ? { messages: op.transcript } : null;
  if (input === null || typeof input !== "object" || Array.isArray(input)) return false;
  const list = (v: Json | undefined): readonly Json[] => (Array.isArray(v) ? v : []);
  const messages = list(input.messages);
  const blocks = messages.flatMap((m) => (m !== null && typeof m === "object" && !Array.isArray(m) ? list(m.content) : []));
  const calls = blocks.filter((b): b is { [k: string]: Json } => b !== null && typeof b === "object" && !Array.isArray(b) && b.type === "toolCall");
  return [...list(input.requirements), ...messages, ...list(input.compactions), ...blocks].includes(null) || calls.some((c) => c.arguments === null);
}

function contractBuild(expected: Expected): BuildOutcome {
  return expected.kind === "throws" ? { ok: false, codes: [...expected.codes] } : ({ ok: true, context: {} } as unknown as BuildOutcome);
}

/**
 * A build's departure signed: a valid input refused is named by what the refusal turns on
 * (./build-features), whichever channel holds it and whichever code it gives; else by the rule
 * of the code (refine.ts refineBuild).
 */
async function builtSigned(d: Difference, probe: UpstreamProbe | null): Promise<Signature> {
  const refined = refineBuild(d);
  const about = d.about;
  if (about?.kind === "build" && about.question.input !== null && !about.subject.ok && (about.contract.ok || !about.contract.codes.includes(about.subject.code))) {
    const feature = await refusedFeature(about.question.input as Json, about.question.reader, about.contract, probe, about.subject.code);
    if (feature !== null) return { ...signed(refined), key: `build refused for ${feature}` };
  }
  return signed(refined);
}

function signed(refined: Refined): Signature {
  return { key: refined.key, rule: refined.rule, question: refined.question, subject: refined.subject, contract: refined.contract };
}

function fromDifference(rule: RuleId, key: string, d: Difference | undefined): Signature {
  return { key: `${rule} ${key}`, rule, question: d?.question ?? "", subject: d?.subject ?? "", contract: d?.contract ?? "" };
}

function ownDeparture(failure: Failure, expected: Expected | null): Departure | null {
  // A program's answer is its steps (./program-step): only a leak is its own.
  if (failure.scenario.operation.kind === "program") return failure.observation.unhandledRejections > 0 ? { kind: "leaks", key: "leaks", subject: `leaves ${failure.observation.unhandledRejections} rejection(s) unhandled`, contract: "no unhandled rejection" } : null;
  let contract = expected;
  try {
    contract ??= withoutUpstream(() => expectedFor(failure.scenario));
  } catch {
    return null;
  }
  return outcomeDeparture(failure.observation, contract, failure.focus);
}

/** A compaction's answer against the contract's: the step of §7 where they part, and how. */
async function compactSignature(scenario: Scenario, observation: Observation, contract: Expected, d: Difference | null, probe: UpstreamProbe | null, focus?: string): Promise<Signature> {
  const op = scenario.operation;
  if (op.kind !== "compact") throw new Error("not a compaction");
  const departed = outcomeDeparture(observation, contract, focus);
  const departure = departed === null ? null : keptNotTrimmed(departed, observation, op.context as unknown as Json);
  const atStep = compactRule(op, observation, contract);
  if (atStep === "step4.request" && calledAgain(observation, contract)) {
    return calledAgainSignature(observation, d?.question ?? "compactContext");
  }
  const thenable = await thenableSignature(scenario, observation, contract, probe, d?.question ?? "compactContext");
  if (thenable !== null) return thenable;
  // The fast path taken where the contract refuses the call, on a context the subject's fast path measures otherwise: that decision's mistake.
  if (atStep === null && observation.outcome.kind === "returned" && isUnchanged(observation.outcome.value)) {
    const measure = await fastPathMeasure(scenario, probe);
    if (measure !== null) return { key: `step2.fastPath ${measure}`, rule: "step2.fastPath", question: d?.question ?? "compactContext", subject: departure?.subject ?? "", contract: departure?.contract ?? "" };
  }
  if (atStep === null) {
    // Step 1: the build of the context, or the options.
    const first = await firstStepSignature(scenario, observation, contract, probe);
    if (first !== null) return first;
  }
  // A refusal at the new context's limit of strings that a units miscount explains: that count's mistake.
  if (atStep === "step8.result" && probe !== null) {
    const units = await limitByUnits(scenario, observation, contract, probe);
    if (units !== null) return { key: units.rule, ...units };
    // Or step 6's limit of the summary, measured on more than its text (./refine-summary-limit).
    const summary = await summaryLimitOtherwise(scenario, observation, contract, probe);
    if (summary !== null) return summary;
  }
  // No boundary where the contract finds one, and the subject's own boundary says none too: its boundary's mistake.
  if (atStep === "step3.boundary" && observation.outcome.kind === "threw" && observation.outcome.error.code === "CONTEXT_BOUNDARY_UNAVAILABLE" && !(scenario.decorations ?? []).some((x) => x.target === "input")) {
    const none = await noCutWhereOneFits(op.context, op.options, probe);
    if (none !== null) return boundaryFound(op.context, none.options, null, none.contract, probe);
  }
  // The reverse: compacted where the contract finds no boundary, and the subject's own boundary finds that cut: its boundary's mistake.
  if (atStep === "step3.boundary" && observation.outcome.kind === "returned" && !(scenario.decorations ?? []).some((x) => x.target === "input")) {
    const cut = await cutWhereNoneFits(op.context, op.options, probe);
    if (cut !== null) return boundaryFound(op.context, cut.options, cut.subject, null, probe);
  }
  // A departure after step 5 (the summary's checks, the result) with a script that delivers its
  // text through an adoption, while the same text returned as it is gets the contract's answer:
  // what the submission checked was not the text delivered, and the mistake is how step 5 observes it.
  const observed = atStep !== null && (atStep.startsWith("step6.") || atStep === "step8.result") ? await deliveredOtherwise(scenario, probe) : null;
  const rule = await essentialDress(observed ?? atStep ?? "build.shape", scenario, probe);
  // A summary check answered otherwise on the text the submission stores instead of the one it
  // was given: how it stores the summary (./refine-stored-summary).
  if ((rule === "step6.size" || rule === "step6.blank") && probe !== null) {
    const stored = await storedSummaryExplains(scenario, observation, probe);
    if (stored !== null) return { key: `step6.text ${stored}`, rule: "step6.text", question: d?.question ?? "compactContext", subject: departure?.subject ?? "", contract: departure?.contract ?? "" };
  }
  // A size check answered otherwise by a count of units the record shows too: the record's mistake.
  if (rule === "step6.size" && probe !== null) {
    const record = await sizeByUnits(scenario, observation, contract, probe);
    if (record !== null) return { key: `step8.result ${record.key}`, rule: "step8.result", question: d?.question ?? "compactContext", subject: departure?.subject ?? "", contract: departure?.contract ?? "" };
  }
  // The boundary looked for first: the fast path missed, or a cancellation answered after it, on a context with no boundary.
  if ((rule === "step2.fastPath" || rule === "step3.cancelled") && (await boundaryFirst(scenario, observation, probe))) {
    return { key: "step2.fastPath after the boundary", rule: "step2.fastPath", question: d?.question ?? "compactContext", subject: departure?.subject ?? "", contract: departure?.contract ?? "" };
  }
  // The fast path answering with the caller's own input, not the context built from it: one mistake, whichever field the built context adds.
  if (rule === "step2.fastPath" && !op.prebuilt && observation.identity?.resultContextIsInput === true && observation.outcome.kind === "returned") {
    return { key: "identity.fastPath", rule: "identity.fastPath", question: "compactContext of a plain input that fits: result.context === the input", subject: "true (the caller's input itself)", contract: "false (the context built from it)" };
  }
  // The fast path taken or missed: one decision, measured otherwise on this context whichever way it showed (./fast-path-measure).
  const measure = rule === "step2.fastPath" && departure !== null ? await fastPathMeasure(scenario, probe) : null;
  const shape = await thenableShape(rule, scenario, probe);
  // A raw throw building the result where nothing is kept, the wrong field it returns where a message is kept.
  const pastPrefix = rule === "step8.result" && departure?.kind === "escapes" ? await escapeWhereNothingKept(scenario, observation, probe) : null;
  if (pastPrefix !== null) return { key: `step8.result ${pastPrefix}`, rule, question: d?.question ?? "compactContext", subject: departure?.subject ?? "", contract: departure?.contract ?? "" };
  // The record's counts otherwise, right once every string holds printable ASCII alone (as many
  // code points): what the strings hold counted otherwise, one mistake for both counts.
  if (rule === "step8.result" && probe !== null && (departure?.key === "value record.unitsBefore" || departure?.key === "value record.unitsAfter") && (await rightInAscii(scenario, probe))) {
    return { key: "step8.result value record.units of what the strings hold", rule, question: d?.question ?? "compactContext", subject: departure.subject, contract: departure.contract };
  }
  // The new summary's content otherwise than the text delivered: how the text is checked and
  // stored (./refine-stored-summary), one key with the checks it explains.
  if (rule === "step8.result" && (departure?.key === "value trimmed" || departure?.key === `value ${STORED_SUMMARY}`) && departure.field === STORED_SUMMARY) {
    return { key: `step6.text ${departure.key}`, rule: "step6.text", question: d?.question ?? "compactContext", subject: departure.subject, contract: departure.contract };
  }
  // A size check measured otherwise, whichever way it departs (./refine-measure).
  const measured = rule === "step6.size" && departure !== null ? await sizeMeasuredOtherwise(scenario, observation, contract, probe) : null;
  const how = shape !== "" ? shape : departure === null ? "" : measure !== null ? ` ${measure}` : measured !== null ? ` ${measured}` : rule === "step2.fastPath" ? ` ${fastPathDeparture(observation, contract, departure.key)}` : rule === "step6.notString" ? ` ${notStringDeparture(departure)}` : rule.startsWith("step6") ? ` ${checkDeparture(op, observation, contract, departure)}` : rule === "step8.result" ? ` ${departure.kind === "escapes" ? "escapes for a result" : departure.kind === "code" ? `rejects with ${departure.code}` : departure.key}` : "";
  return { key: `${rule}${how}`, rule, question: d?.question ?? "compactContext", subject: departure?.subject ?? d?.subject ?? "", contract: departure?.contract ?? d?.contract ?? "" };
}

/**
 * How a value that is not a string departs: returned as a summary, or refused by a check that
 * only text reaches (its size, its length), is one mistake, the value taken for text, whichever
 * the text it became; another code, or a hang, is told by its departure.
 */
function notStringDeparture(departure: Departure): string {
  return departure.kind === "accepts" || (departure.kind === "code" && TEXT_CHECKS.includes(departure.code ?? "")) ? "as text" : departure.key;
}

/** Codes of step 6's and 7's checks of the text, after the check that it is a string. */
const TEXT_CHECKS = ["CONTEXT_SUMMARY_INSUFFICIENT", "CONTEXT_LIMIT_EXCEEDED"];

/**
 * A boundary answered otherwise, signed wherever it is found: by what it stands on (the units
 * row or the grouping beneath the cut), else its detail (./refine-boundary boundaryDetail; ""
 * when it has none). An answer that turns on the tool rounds, from a subject that groups the same
 * transcript otherwise, is the grouping's: the walk cuts where its own groups allow.
 */
async function boundaryAnswer(context: ContextData, options: BoundaryOptions, subject: number | null, want: number | null, probe: UpstreamProbe | null): Promise<Signature | string> {
  const beneath = await beneathTheCut(context, options, subject, want, probe);
  if (beneath !== null) return beneath;
  const choice = await boundaryDetail(context, options, subject, want, probe);
  const grouped = choice === WITH_ROUNDS ? await groupsOtherwise(context, probe) : null;
  return grouped !== null ? signed(refineGroups(grouped)) : choice;
}

/** A compaction whose step 3 departs because the subject's own boundary of its context does: that answer signed (boundaryAnswer), asked as the subject's selectCompactionBoundary. */
async function boundaryFound(context: Json, options: BoundaryOptions, subject: number | null, want: number | null, probe: UpstreamProbe | null): Promise<Signature> {
  const side = { question: `selectCompactionBoundary(context, ${value(options as unknown as Json, 120)})`, subject: String(subject), contract: String(want) };
  const answer = await boundaryAnswer(context as unknown as ContextData, options, subject, want, probe);
  return typeof answer === "string" ? { key: `boundary.answer ${answer === "" ? "boundary" : answer}`, rule: "boundary.answer", ...side } : answer;
}

/**
 * A boundary answered otherwise because of what it stands on (./refine-boundary): its cut given by
 * §6's walk with the subject's own units (the units row), or inside a round where its own groups
 * differ (the grouping); null when neither.
 */
async function beneathTheCut(context: ContextData, options: BoundaryOptions, subject: number | null, want: number | null, probe: UpstreamProbe | null): Promise<Signature | null> {
  const counted = probe === null ? null : await unitsBehindCut(context, options, subject, want, probe);
  const units = counted === null || probe === null ? null : await refineUnits(counted, probe);
  if (units !== null) return { key: units.rule, ...units };
  const grouped = await groupsBehindCut(context, subject, probe);
  return grouped === null ? null : signed(refineGroups(grouped));
}

/**
 * How a check of step 6 departs: a refusal of a summary the contract lets through step 6 is one
 * departure whatever the contract does later (returns, or refuses at a limit of the new context).
 */
function checkDeparture(op: Extract<Scenario["operation"], { kind: "compact" }>, observation: Observation, contract: Expected, departure: Departure): string {
  if (departure.kind !== "code" || departure.code === undefined) return departure.key;
  const { subjectStep, contractStep } = departingStep(observation, contract, scriptText(op.summarizer));
  return subjectStep === 6 && contractStep > 6 ? `rejects with ${departure.code}` : departure.key;
}

/** How a fast path departs: missed (the contract takes it, the subject goes on, whatever it ends with), taken where the contract goes on, or another value. */
function fastPathDeparture(observation: Observation, contract: Expected, key: string): string {
  const { contractStep, subjectStep } = departingStep(observation, contract);
  return contractStep === 2 && subjectStep !== 2 ? "missed" : subjectStep === 2 && contractStep !== 2 ? "taken" : key;
}

/**
 * A failure no upstream answer nor fact explains: the failing call's own departure, named by the
 * rule of its operation as a layer would name it (its units, groups, build or options), or for a
 * compaction by the step of §7 where the answers part.
 */
async function ownSignature(failure: Failure, expected: Expected | null, probe: UpstreamProbe | null): Promise<Signature> {
  const op = failure.scenario.operation;
  const departure = ownDeparture(failure, expected);
  const name = OPERATION_NAMES[op.kind] ?? op.kind;
  const side = { question: name, subject: departure?.subject ?? "", contract: departure?.contract ?? "" };
  if (departure?.kind === "leaks") {
    const rule = await essentialDress("step5.unhandled", failure.scenario, probe);
    return { key: rule, rule, ...side };
  }
  let contract: Expected | null = expected;
  try {
    contract ??= withoutUpstream(() => expectedFor(failure.scenario));
  } catch {
    contract = null;
  }
  if (op.kind === "program") return { key: `step8.result own program ${failure.def.id}`, rule: "step8.result", ...side };
  if (op.kind === "compact" && contract !== null && departure !== null) return compactSignature(failure.scenario, failure.observation, contract, null, probe, failure.focus);
  if (op.kind === "boundary" && contract !== null && departure !== null && departure.kind !== "value") {
    const first = await firstStepSignature(failure.scenario, failure.observation, contract, probe);
    if (first !== null) return first;
  }
  if (op.kind === "units" && probe !== null && departure?.kind === "value") {
    const found = await refineUnits(itemsOf(op.input), probe);
    if (found !== null) return { key: found.rule, ...found };
  }
  if (op.kind === "groups" && departure?.kind === "value" && contract?.kind === "returns" && failure.observation.outcome.kind === "returned") {
    const subject = seenGroups(failure.observation.outcome.value), want = seenGroups(contract.value) as ModelGroup[] | null;
    // Labels and spans both otherwise: named by the spans where the verdict did not turn on the labels (./focus).
    const seen = subject !== null && want !== null ? (labelsAside(failure.def, failure.scenario, failure.observation, contract, subject, want) ?? subject) : null;
    if (seen !== null && want !== null) return signed(refineGroups({ layer: "groups", ...side, about: { kind: "groups", transcript: Array.isArray(op.transcript) ? op.transcript : [], subject: seen, contract: want } }));
  }
  if ((op.kind === "build" || op.kind === "units" || op.kind === "groups") && contract !== null && departure !== null && (departure.kind === "code" || departure.kind === "rejects" || departure.kind === "accepts")) {
    const answer = departure.code === undefined ? ({ ok: true, context: {} } as unknown as BuildAnswer) : { ok: false as const, code: departure.code };
    const input = op.kind === "groups" ? op.transcript : op.input;
    return { ...(await builtSigned({ layer: "build", ...side, about: { kind: "build", question: { reader: op.kind === "groups" ? "groups" : "build", input }, subject: answer, contract: contractBuild(contract) } }, probe)), ...side };
  }
  // No outcome departs (the property checks something beside it): a build that answers with the
  // caller's own input object (a frozen input taken for a built context) is §3's copy; the
  // summarizer called with another request or signal is step 4's; else a compaction whose
  // summarizer delivers through a script is step 5's.
  if (op.kind === "build" && departure === null && failure.observation.identity.resultIsInput === true) return { key: "build.shape the input itself returned", rule: "build.shape", question: "buildActiveContext(input) === input", subject: "true (the input itself)", contract: "false (a new deeply frozen copy)" };
  const called = op.kind === "compact" && departure === null && contract !== null ? requestSignature(failure.scenario, failure.observation, contract) : null;
  if (called !== null) return called;
  if (op.kind === "compact" && departure === null && op.summarizer.kind !== "text") {
    const rule = await essentialDress(scriptRule(op.summarizer), failure.scenario, probe);
    return { key: rule, rule, ...side };
  }
  if (op.kind === "boundary" && departure?.kind === "value" && contract?.kind === "returns" && failure.observation.outcome.kind === "returned" && (failure.scenario.decorations ?? []).length === 0) {
    const [subject, want] = [failure.observation.outcome.value, contract.value];
    const cut = (v: Json): v is number | null => v === null || (typeof v === "number" && Number.isSafeInteger(v));
    const answer = cut(subject) && cut(want) ? await boundaryAnswer(op.context as unknown as ContextData, op.options as unknown as BoundaryOptions, subject, want, probe) : "";
    if (typeof answer !== "string") return answer;
    if (answer !== "") return { key: `boundary.answer ${answer}`, rule: "boundary.answer", ...side };
  }
  const rule: RuleId = op.kind === "units" ? "units.context" : op.kind === "groups" ? "groups.rounds" : op.kind === "boundary" ? "boundary.answer" : op.kind === "build" ? "build.shape" : "step8.result";
  // No outcome departs and no script delivers: the property checks something no rule here names.
  // A hang or a crash of such a call (the process exits, runs out of memory, loops) names no rule either.
  if (departure === null || departure.kind === "hangs" || departure.kind === "crashes") return { key: `${rule} own ${op.kind} property ${failure.def.id}`, rule, ...side, undiagnosed: true };
  // A context's units answered otherwise where no item departs alone: the sum's rule, as where an item departs only beside another (./refine-units).
  if (op.kind === "units" && departure.kind === "value") return { key: "units.context", rule, ...side };
  return { key: `${rule} own ${op.kind} ${departure.key}`, rule, ...side };
}

/**
 * Step 1 of a boundary or a compaction (the context is built, then the options are checked,
 * §6): the subject's build of the very context departing names the build's rule; else its
 * answer to the options.
 */
async function firstStepSignature(scenario: Scenario, observation: Observation, contract: Expected, probe: UpstreamProbe | null): Promise<Signature | null> {
  const op = scenario.operation;
  if ((op.kind !== "boundary" && op.kind !== "compact") || probe === null) return null;
  const departure = outcomeDeparture(observation, contract);
  const side = { question: OPERATION_NAMES[op.kind]!, subject: departure?.subject ?? "", contract: departure?.contract ?? "" };
  // The context as plain data (decorations apart: they may not be the point).
  const subject = await probe.read({ reader: "build", input: op.context });
  const built = withoutUpstream(() => modelBuild(op.context));
  if (subject !== undefined && !sameBuild(subject, built, "build")) {
    return builtSigned({ layer: "build", question: `buildActiveContext(${value(op.context, 120)})`, subject: buildText(subject), contract: buildContractText(built), about: { kind: "build", question: { reader: "build", input: op.context }, subject, contract: built } }, probe);
  }
  const outcome = observation.outcome;
  const answer = outcome.kind === "returned" || signalLetThrough(op, observation) ? { ok: true as const } : outcome.kind === "threw" && typeof outcome.error.code === "string" ? { ok: false as const, code: outcome.error.code } : null;
  if (answer === null) return null;
  // selectCompactionBoundary never throws CONTEXT_BOUNDARY_UNAVAILABLE (§6: no boundary is null;
  // the code is compactContext's, step 3): thrown on a context the subject reads right, with
  // options the contract takes, it is the boundary's answer, not a refusal of the input.
  if (op.kind === "boundary" && !answer.ok && answer.code === CODE.boundaryUnavailable && contract.kind === "returns") {
    return { key: `boundary.answer ${contract.value === null ? "no boundary" : "a boundary"} answered with ${answer.code}`, rule: "boundary.answer", ...side };
  }
  // A code no options check gives is about the input.
  const longId = (f: string) => op.options !== null && typeof op.options === "object" && !Array.isArray(op.options) && typeof op.options[f] === "string" && [...(op.options[f] as string)].length > 65_536;
  const optionsCode = (code: string) => (code === "CONTEXT_LIMIT_EXCEEDED" ? longId("summaryId") || longId("recordId") : OPTION_CODES.includes(code));
  if (!answer.ok && !optionsCode(answer.code)) {
    return { ...(await builtSigned({ layer: "build", ...side, about: { kind: "build", question: { reader: "build", input: op.context }, subject: answer, contract: built } }, probe)), ...side };
  }
  const callable = await callableRefused(scenario, answer, probe);
  if (callable !== null) return { key: callable, rule: "options.summarizer", ...side };
  // Options the contract takes, refused on this context and accepted on an empty one: the
  // objection is to what the context holds, not to a field: its requirements, its messages (a
  // budget), or an id it already uses that summaryId or recordId repeats (./shared-ids: a check
  // of the ids, whatever field the battery would name).
  const ofContext = !answer.ok && (answer.code === CODE.invalidBudget || (answer.code === CODE.invalidInput && op.kind === "compact"));
  if (ofContext) {
    const q = { operation: op.kind, options: op.options, ...(op.kind === "compact" ? { summarizerSlot: op.summarizerSlot as Json, signal: op.signal as Json } : {}) };
    if (contractOptions(q).ok && (await probe.optionsOf(q))?.ok === true) {
      if (answer.code === CODE.invalidBudget) return { key: `options.budgets refused with ${answer.code} on this context, accepted on an empty one`, rule: "options.budgets", ...side };
      if (await refusedForSharedId(scenario, probe)) return { key: "options.ids refused for an id the context already uses", rule: "options.ids", ...side };
    }
  }
  const refined = await optionsRefined(op.kind, op.options, op.kind === "compact" ? (op.summarizerSlot as Json) : undefined, op.kind === "compact" ? (op.signal as Json) : undefined, answer, probe);
  return { key: optionsKey(refined), rule: refined.rule, ...side };
}

/**
 * A signal the contract refuses (the options are fine without it) answered with an error that is
 * no ContextCompactionError (the intrinsic aborted getter's TypeError, read later): the signal
 * was let through the check of step 1, as where a small context came back unchanged.
 */
function signalLetThrough(op: Operation, observation: Observation): boolean {
  if (op.kind !== "compact" || observation.outcome.kind !== "threw" || observation.outcome.error.isContextCompactionError) return false;
  const q = { operation: op.kind, options: op.options, summarizerSlot: op.summarizerSlot as Json };
  return !contractOptions({ ...q, signal: op.signal as Json }).ok && contractOptions({ ...q, signal: "none" }).ok;
}

/**
 * A compaction refused where the same summarizer as a plain function is answered right: what the
 * refusal needs is the kind of function (an async, bound or arrow function is a function too, §7).
 * The key of that mistake, or null.
 */
async function callableRefused(scenario: Scenario, answer: { readonly ok: boolean; readonly code?: string }, probe: UpstreamProbe | null): Promise<string | null> {
  const op = scenario.operation;
  if (op.kind !== "compact" || answer.ok || probe === null) return null;
  const { callable, ...plainScript } = op.summarizer as { readonly [field: string]: Json };
  if (typeof callable !== "string") return null;
  return (await answeredRight({ ...scenario, operation: { ...op, summarizer: plainScript as never } }, probe)) ? `options.summarizer ${callable} function refused with ${answer.code}` : null;
}

/** The script's step-5 rule when its text, returned as it is by the summarizer, is answered right; null otherwise. */
async function deliveredOtherwise(scenario: Scenario, probe: UpstreamProbe | null): Promise<RuleId | null> {
  const op = scenario.operation;
  if (op.kind !== "compact" || probe === null || op.abort !== "none") return null;
  const rule = scriptRule(op.summarizer);
  const text = scriptText(op.summarizer);
  if (!rule.startsWith("step5.") || rule === "step5.settles" || text === null) return null;
  return (await answeredRight({ ...scenario, operation: { ...op, summarizer: { kind: "text", text, delivery: "sync" } as never } }, probe)) ? rule : null;
}

/**
 * A thenable mistake that needs one shape of thenable: distinct thenables sharing one inherited
 * then, no prototype (Object.create(null)), a then found on the prototype (an instance of a
 * class, an object made with Object.create), or a resolve(undefined) before the text. Where
 * the plainest thenable (an own then delivering the same text at once) is answered right, such a
 * script's departure is a mistake of its own (then looked for as an own property only; undefined
 * taken for "nothing delivered yet"), told apart from the other thenable mistakes of step 5; where
 * that thenable departs too, thenables are observed otherwise, one mistake ("").
 */
async function thenableShape(rule: RuleId, scenario: Scenario, probe: UpstreamProbe | null): Promise<string> {
  const op = scenario.operation;
  if (rule !== "step5.thenable" || probe === null || op.kind !== "compact") return "";
  const script = op.summarizer as { readonly [field: string]: Json };
  // Thenables that share one inherited then: the same chain with a then of its own per thenable.
  if (script.kind === "thenableChain" && script.sharedThen === true) {
    const { sharedThen: _sharedThen, ...apart } = script;
    if (await answeredRight({ ...scenario, operation: { ...op, summarizer: apart as never } }, probe)) return " shared then";
  }
  // A thenable without a prototype: the same chain with one (Object.prototype) is the plainest.
  if (script.kind === "thenableChain" && script.nullPrototype === true) {
    const { nullPrototype: _nullPrototype, ...withPrototype } = script;
    return (await answeredRight({ ...scenario, operation: { ...op, summarizer: withPrototype as never } }, probe)) ? " null prototype" : "";
  }
  const shape = script.kind === "undefinedDelivered" ? "undefined delivered" : script.kind === "thenableChain" && script.inherit !== undefined ? "inherited then" : null;
  if (shape === null) return "";
  const plain: Scenario = { ...scenario, operation: { ...op, summarizer: { kind: "thenableChain", depth: 1, text: scriptText(op.summarizer) ?? "summary" } as never } };
  return (await answeredRight(plain, probe)) ? ` ${shape}` : "";
}

/**
 * The summarizer's value returned as it is (a text or another value, synchronously), for a
 * script that delivers exactly that value when nothing aborts; null for a script that is plain
 * already, fails, or whose value the contract may also refuse.
 */
function plainScript(script: SummarizerScript): SummarizerScript | null {
  if ((script.kind === "text" || script.kind === "value") && script.delivery === "sync") return null;
  let settled: ReturnType<typeof settleScript>;
  try {
    // (A chain of thenables, an own or inherited then, a native promise, the hostile scripts.)
    settled = settleScript(script, "none");
  } catch {
    return null;
  }
  if (settled.kind !== "value" || (settled.orCodes ?? []).length > 0) return null;
  return typeof settled.value === "string" ? { kind: "text", text: settled.value, delivery: "sync" } : { kind: "value", value: settled.value, delivery: "sync" };
}

/**
 * At step 5, a script whose native promises are dressed (an own then, a constructor): when the
 * same scenario without the dress is answered right, the dress is what the mistake needs, and
 * the rule is how a native promise is observed.
 */
async function essentialDress(given: RuleId, scenario: Scenario, probe: UpstreamProbe | null): Promise<RuleId> {
  const op = scenario.operation;
  if (!given.startsWith("step5.") || op.kind !== "compact" || probe === null) return given;
  let rule = given;
  let script = op.summarizer as { readonly [field: string]: Json };
  // The answer to a variant of the scenario: how it departs (null: it does not), and what it is (a code, a value returned, …).
  const ask = async (variant: Scenario): Promise<{ readonly key: string | null; readonly outcome: string } | undefined> => {
    let contract: Expected;
    try {
      contract = withoutUpstream(() => expectedFor(variant));
    } catch {
      return undefined;
    }
    const answer = await probe.observe(variant);
    if (answer === undefined) return undefined;
    const outcome = answer.outcome.kind === "threw" ? `threw ${String(answer.outcome.error.code)}` : answer.outcome.kind;
    return { key: outcomeDeparture(answer, contract)?.key ?? null, outcome };
  };
  const withSummarizer = (summarizer: Json): Scenario => ({ ...scenario, operation: { ...op, summarizer: summarizer as never } });
  // A text returned as it is, answered with an error no contract code names (or a crash), while a
  // plain compaction of the same text returns (right or not): what throws depends on the context
  // and the cut, not on how the text was awaited (step 5) nor on its checks (step 6): building the
  // result (step 8).
  const thrownByContext = async (plain: Scenario): Promise<boolean> => {
    const own = await ask(plain);
    const summarizer = (plain.operation as typeof op).summarizer;
    // (Whatever the contract answers there: it compacts, may also refuse the scenario's signal, as
    // for `signal: null`, or refuses the new context at step 7, which the subject builds first.)
    if (own === undefined || own.key === null || !own.key.startsWith("escapes for ") || summarizer.kind !== "text") return false;
    for (const shape of plainShapes(String(summarizer.text), summarizer, "none", "none")) if ((await ask(shape))?.outcome === "returned") return true;
    return false;
  };
  const departure = async (summarizer: Json, variant: Scenario = withSummarizer(summarizer)): Promise<string | null | undefined> => (await ask(variant))?.key;
  /** Whether both variants depart, the submission answering them alike. */
  const departsAlike = async (one: Scenario, two: Scenario): Promise<boolean> => {
    const [a, b] = [await ask(one), await ask(two)];
    return a !== undefined && b !== undefined && a.key !== null && b.key !== null && a.outcome === b.outcome;
  };
  // A signal that does something there (disguised, muted, or aborted): when the same scenario
  // without it is answered right, the signal is what the mistake needs, and the rule is how the
  // signal is watched while waiting. A plain signal never aborted is no part of a mistake: an
  // implementation may take another path with one (a race), and its mistake is the value's.
  const signalActs = op.abort !== "none" || op.signal === "controllerMuted" || op.signal === "controllerShadowed" || (scenario.decorations ?? []).some((d) => d.target === "options" && d.path[0] === "signal");
  const decorations = (scenario.decorations ?? []).filter((d) => !(d.target === "options" && d.path[0] === "signal"));
  const unsignalled: Scenario = { ...scenario, operation: { ...op, signal: "none", abort: "none" }, decorations };
  if (op.signal !== "none" && signalActs && rule !== "step5.abort" && rule !== "step5.unhandled") {
    if ((await departure(null, unsignalled)) === null) return "step5.abort";
  }
  // The reverse: an answer that departs at the abort, while the same scenario without the signal
  // departs too with the very same answer: the signal changed nothing, and the mistake is the
  // value's (a summarizer that never settles departs only with its signal: not asked).
  if (op.signal !== "none" && signalActs && rule === "step5.abort" && op.summarizer.kind !== "never") {
    if (await departsAlike(scenario, unsignalled)) return essentialDress(scriptRule(op.summarizer), unsignalled, probe);
  }
  // A script that delivers one value (no abort, no failure allowed beside it), departing as that
  // value returned as it is does, the submission answering both alike: how it was delivered is
  // not what the mistake needs, but what is done with the value (step 5's plainest case, or step
  // 6's check of it).
  const plainValue = rule === "step5.abort" || rule === "step5.unhandled" || rule === "step5.forged" || op.abort !== "none" ? null : plainScript(op.summarizer);
  if (plainValue !== null && (await departsAlike(scenario, withSummarizer(plainValue)))) {
    const plainRule = scriptRule(plainValue as never);
    return plainRule === "step5.settles" && (await thrownByContext(withSummarizer(plainValue))) ? "step8.result" : plainRule;
  }
  if (rule === "step5.settles" && op.summarizer.kind === "text" && (await thrownByContext(scenario))) return "step8.result";
  // A script whose thenable is a function, answered right with the same thenable as an object:
  // that a function with a then is a thenable too is what the mistake needs, whatever the
  // script then does with its resolvers.
  if (typeof script.kind === "string" && FUNCTION_HOLDERS.includes(script.kind) && script.holder === undefined) {
    if ((await departure(script)) !== null && (await departure({ ...script, holder: "object" })) === null) return "step5.functionThenable";
  }
  // A chain 64 levels deep (or more) departing as the same chain two levels deep does: the depth
  // is not what the mistake needs, but what each level delivers (a thenable, a native promise),
  // and the rule is that of the shallow chain.
  if (rule === "step5.depth") {
    const shallow = shallowChain(script);
    if (shallow !== null && (await departsAlike(withSummarizer(script), withSummarizer(shallow)))) [rule, script] = [scriptRule(shallow as never), shallow];
  }
  // The reverse: a chain shallower than the limit (a plain chain or thenables around a promise)
  // departing while the same chain two levels deep is answered right: the depth is what the
  // mistake needs (levels counted otherwise, a limit below 64), and the rule is the depth's.
  if (rule === "step5.thenable" && script.nullPrototype === undefined && script.inherit === undefined) {
    const shallow = shallowChain(script);
    if (shallow !== null && (await departure(script)) !== null && (await departure(shallow)) === null) return "step5.depth";
  }
  // A then that delivers undefined and then calls a resolver again (a text, a rejection),
  // departing while the same then with no later call is answered right: the later call is what
  // the mistake needs, resolvers that act more than once (not how undefined is taken).
  if (script.kind === "undefinedDelivered" && script.after !== "nothing" && rule === "step5.thenable") {
    const { text: _text, when: _when, ...once } = script;
    if ((await departure(script)) !== null && (await departure({ ...once, after: "nothing" })) === null) return "step5.resolvers";
  }
  // A then that returns a string and delivers the text later, departing as the same then returning
  // nothing does: the later delivery is what the mistake needs, not what the then returns.
  if (script.kind === "lateThenable" && script.shape === "returnsTextThenResolves" && rule === "step5.thenReturns") {
    const { returned: _returned, ...later } = script;
    if (await departsAlike(withSummarizer(script), withSummarizer({ ...later, shape: "deliversLater" }))) [rule, script] = ["step5.thenable", { ...later, shape: "deliversLater" }];
  }
  // A script whose value passes through a thenable delivering another one, or through a native
  // promise (a cycle, a then's return value, resolvers called twice, a deep chain), departing as
  // the plainest such delivery does (two generic thenables; a native promise of the text), the
  // submission answering both alike: that delivery is what the mistake needs, not the rest.
  for (const [plain, plainRule] of PLAIN_DELIVERIES) {
    if (rule === plainRule || !DELIVERED_THROUGH.includes(rule) || typeof script.text !== "string") continue;
    const delivery = { ...plain, text: script.text };
    if (await departsAlike(withSummarizer(script), withSummarizer(delivery))) {
      [rule, script] = [plainRule, delivery];
      break;
    }
  }
  if (script.dress !== undefined && rule !== "step5.nativePromise") {
    const { dress: _dress, ...plain } = script;
    if ((await departure(plain)) === null) return "step5.nativePromise";
  }
  // A value a carrier delivers or returns (a Proxy, a locked promise): the value alone as the
  // summarizer's, departing the same way, is what the mistake needs (a leak needs only a failure: not asked).
  const core = coreOf(script);
  if (core !== null && rule !== "step5.unhandled") {
    const [own, alone] = [await departure(script), await departure(core)];
    if (own !== undefined && own !== null && own === alone) return scriptRule(core as never);
  }
  // A then returning a Proxy around a promise, while one returning a locked promise is answered
  // right: the Proxy is what the mistake needs (how a Proxy is observed, not what a then returns).
  if (script.kind === "thenReturnsLocked" && script.where === "proxy" && rule === "step5.thenReturns") {
    if ((await departure({ ...script, where: "ownConstructor" })) === null) return "step5.proxy";
  }
  // A then returning a locked promise, while one returning a Proxy is answered right: the locked
  // promise is what the mistake needs (how a native promise is observed).
  // (Unless the locked promise as the summarizer's value is answered right: then it is what a then
  // returns that is not observed, whatever it is — a Proxy the submission happens to look at.)
  if (script.kind === "thenReturnsLocked" && script.where !== "proxy" && script.dress === undefined && rule === "step5.thenReturns") {
    if ((await departure({ kind: "thenReturnsLocked", where: "proxy", text: script.text!, ...(script.order === undefined ? {} : { order: script.order }) })) === null) {
      const lockedValue = await departure({ kind: "promiseLookupThrows", where: script.where, undoable: false, settles: "fulfils", text: script.text! });
      if (lockedValue !== null) return "step5.nativePromise";
    }
  }
  return rule;
}

/** The plainest deliveries of a text through an adoption step, and their rules: a thenable delivering a thenable; a native promise. */
const PLAIN_DELIVERIES: readonly (readonly [{ readonly [field: string]: Json }, RuleId])[] = [
  [{ kind: "thenableChain", depth: 2 }, "step5.thenable"],
  [{ kind: "text", delivery: "promise" }, "step5.nativePromise"],
];

/** Scripts whose thenable is a function unless `holder: "object"` (src/driver/scripts/thenables.ts holderThenable). */
const FUNCTION_HOLDERS: readonly string[] = ["resolversMisused", "promiseReachedAgain"];

/** Rules of scripts whose value passes through such a delivery on its way. */
const DELIVERED_THROUGH: readonly RuleId[] = ["step5.depth", "step5.reachedTwice", "step5.resolvers", "step5.thenReturns", "step5.thenable"];

/** A chain script two levels deep (a thenable delivering a thenable, or a native promise) in place of a deep one; null for others. */
function shallowChain(script: { readonly [field: string]: Json }): { readonly [field: string]: Json } | null {
  if (script.kind === "thenableChain" && typeof script.depth === "number" && script.depth > 2) return { ...script, depth: 2 };
  if (script.kind === "nestedPromise" && typeof script.thenables === "number" && script.thenables > 1) return { ...script, thenables: 1 };
  return null;
}

/** The value a composite script hands over through a carrier (a then's return value, a resolver), as a script of its own; null for others. */
function coreOf(script: { readonly [field: string]: Json }): Json | null {
  if (script.kind === "thenReturnsLocked") return script.where === "proxy" ? { kind: "proxyPromise", text: script.text! } : { kind: "promiseLookupThrows", where: script.where!, undoable: false, settles: "fulfils", text: script.text! };
  if (script.kind === "resolversMisused" && script.first === "thenlessProxy") return { kind: "proxyValue", get: "forwards", via: "none" };
  return null;
}

const OPERATION_NAMES: Readonly<Record<string, string>> = { build: "buildActiveContext", units: "estimateContextUnits", groups: "groupToolRounds", boundary: "selectCompactionBoundary", compact: "compactContext", program: "the program" };

export type { Json };
