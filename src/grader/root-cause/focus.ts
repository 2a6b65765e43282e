import type { Json } from "../../scenario/data";
import type { Expected } from "../../scenario/expected";
import type { Observation } from "../../scenario/observation";
import type { StepObservation } from "../../scenario/program";
import type { PropertyDefinition } from "../../scenario/property";
import type { Scenario } from "../../scenario/scenario";
import { failureOrigin } from "../run/failure-origin";
import { contractOf } from "./accepts";
import { differingFields, returnedValue, wholeField } from "./departure";
import type { SeenGroup } from "./probe";
import { requestPut } from "./request-check";

// Which part of a returned value the verdict is about (the explain phase of docs/grading.md
// "Root causes", on the answer rather than the input): a compaction result can differ from the
// contract's in several fields at once (a summary stored otherwise and the old records dropped,
// two mistakes), and the first field in the contract's order is not always the one the property
// failed on. First each differing field is left departing alone (every other put right): where
// exactly one still fails the check, it is the one. Else each is put right alone and the
// property's pure check judges again: the first field whose correction lets the check pass, or
// makes it fail for another reason (another origin), is the one the verdict turned on; else, in
// a program that went on past the step, the one field of the new context a later step saw. Null
// when the value differs in one field or fewer, or nothing tells.

export interface Focus {
  /** The fields of the result that differ from the contract's, in §7 step 8's order. */
  readonly fields: readonly string[];
  /** The one the verdict turned on, when several differ and correcting one changes the verdict. */
  readonly field: string | null;
}

/**
 * The differing fields of a failure whose answer (the call's own, or the program's departing
 * step `step`) is a returned result, and, where several differ, the one the verdict turned on.
 * In a program the field is put right at that step and at every later one that returns (the
 * property may judge a later step, which carries the mistake on). Null for an answer that is
 * no returned result differing from the contract's.
 */
export function verdictFocus(def: PropertyDefinition, scenario: Scenario, observation: Observation, expected: Expected | null, step: { readonly index: number; readonly expected: Expected; readonly expectations: readonly Expected[] } | null): Focus | null {
  const seen = step === null ? observation.outcome : observation.steps?.[step.index]?.outcome;
  const want = step === null ? expected : step.expected;
  if (seen?.kind !== "returned" || want === null) return null;
  const wanted = returnedValue(want, { ...observation, outcome: seen });
  if (wanted === null) return null;
  const identity = step === null ? observation.identity : observation.steps?.[step.index]?.identity;
  // result.record another object than the new context's last record: a difference JSON does not show, named last.
  // The summarizer called otherwise as well (step 4, before the result): the call, named after the result's fields.
  const called = step === null && expected !== null ? requestPut(scenario, observation, expected) : null;
  // A field of an object held as something else (no record, a text for the summary) is put right as that whole object.
  const wholes = [...new Set(differingFields(seen.value, wanted).map((f) => wholeField(seen.value, wanted, f)))];
  const fields = [...wholes, ...(identity?.recordIsLastCompaction === false && !wholes.includes("record") ? [RECORD_IDENTITY] : []), ...(called === null ? [] : [SUMMARIZER_CALL])];
  if (fields.length === 0) return null;
  if (fields.length === 1 || def.arbitrary === null) return { fields, field: null };
  const contract = expected ?? contractOf(scenario);
  if (contract === null) return { fields, field: null };
  const origin = originOf(def, scenario, observation, contract);
  if (origin === null) return { fields, field: null };
  const put = (from: Observation, field: string): Observation =>
    field === SUMMARIZER_CALL && called !== null
      ? { ...from, summarizerCalls: called.summarizerCalls }
      : field === RECORD_IDENTITY
        ? identityPut(from, step)
        : step === null
          ? { ...from, outcome: from.outcome.kind === "returned" ? { kind: "returned", value: patchedResult(from.outcome.value, wanted, field) } : from.outcome }
          : { ...from, steps: from.steps!.map((s, i): StepObservation => (i < step.index ? s : patchedStep(s, step.expectations[i], field))) };
  // The one field that, left alone departing (every other put right), still fails the check: the verdict's.
  const sufficient = fields.filter((field) => {
    const alone = originOf(def, scenario, fields.filter((f) => f !== field).reduce(put, observation), contract);
    return alone !== null && alone !== "passed";
  });
  if (sufficient.length === 1) return { fields, field: sufficient[0]! };
  for (const field of fields) if (originOf(def, scenario, put(observation, field), contract) !== origin) return { fields, field };
  // A program that went on past the step: what a later step saw is the live context the step left
  // (result.context), never its record or its summarizer's request; one such field is the verdict's.
  const carried = fields.filter((field) => field.startsWith("context."));
  if (step !== null && (observation.steps?.length ?? 0) > step.index + 1 && carried.length === 1) return { fields, field: carried[0]! };
  return { fields, field: null };
}

/**
 * Groups (§5) that differ both in how they are labelled and in where they start or end: the
 * groups with every label put right (the contract's label of the same span, else the label the
 * span's length gives) when the property's check fails as before on them, so its verdict did not
 * turn on the labels; null when it did, or when the spans are all right.
 */
export function labelsAside(def: PropertyDefinition, scenario: Scenario, observation: Observation, expected: Expected, subject: readonly SeenGroup[], contract: readonly SeenGroup[]): SeenGroup[] | null {
  const spans = (groups: readonly SeenGroup[]) => groups.map((g) => `${g.startIndex}-${g.endIndex}`).join(" ");
  if (spans(subject) === spans(contract) || observation.outcome.kind !== "returned" || !Array.isArray(observation.outcome.value)) return null;
  const label = (g: SeenGroup) => contract.find((w) => w.startIndex === g.startIndex && w.endIndex === g.endIndex)?.kind ?? (g.kind === "message" || g.kind === "toolRound" ? g.kind : g.endIndex - g.startIndex > 1 ? "toolRound" : "message");
  const relabelled = subject.map((g) => ({ ...g, kind: label(g) }));
  if (relabelled.every((g, i) => g.kind === subject[i]!.kind)) return null;
  const value = observation.outcome.value.map((item, i) => (item !== null && typeof item === "object" && !Array.isArray(item) && relabelled[i] !== undefined ? { ...item, kind: relabelled[i]!.kind } : item));
  const origin = originOf(def, scenario, observation, expected);
  return origin !== null && originOf(def, scenario, { ...observation, outcome: { kind: "returned", value } }, expected) === origin ? relabelled : null;
}

/** The pseudo-field of a compaction whose summarizer was called otherwise (./request-check): named by step 4's rules. */
export const SUMMARIZER_CALL = "summarizer.call";

/** The pseudo-field of a result whose record is not the new context's last record (observation.identity). */
export const RECORD_IDENTITY = "identity.record";

/** The observation with result.record put right (the same object as the last record), at the step and every later one. */
function identityPut(observation: Observation, step: { readonly index: number } | null): Observation {
  const put = (identity: Readonly<Record<string, boolean>>) => ("recordIsLastCompaction" in identity ? { ...identity, recordIsLastCompaction: true } : identity);
  return step === null ? { ...observation, identity: put(observation.identity) } : { ...observation, steps: observation.steps!.map((s, i) => (i < step.index ? s : { ...s, identity: put(s.identity) })) };
}

/**
 * Whether a focused field stands for a mistake of its own in this grade: some failure's result
 * differs in it without differing in `first` (the field the contract's order names first where
 * it was focused). Fields that always differ together are one mistake seen by two properties.
 */
export function separable(field: string, first: string, readings: readonly (readonly string[])[]): boolean {
  return readings.some((fields) => fields.includes(field) && !fields.includes(first));
}

/**
 * A program's step with `field` of its returned result taken from the model's, when both return;
 * an append's answer is the context itself (the field without its "context.").
 */
function patchedStep(step: StepObservation, expected: Expected | undefined, field: string): StepObservation {
  if (step.outcome.kind !== "returned" || expected === undefined) return step;
  const wanted = returnedValue(expected, step);
  if (wanted === null) return step;
  const value = step.outcome.value;
  const isResult = value !== null && typeof value === "object" && !Array.isArray(value) && "status" in value;
  const path = isResult ? field : field.startsWith("context.") ? field.slice("context.".length) : null;
  return path === null ? step : { ...step, outcome: { kind: "returned", value: isResult ? patchedResult(value, wanted, path) : patched(value, wanted, path) } };
}

/**
 * The check's verdict as an origin ("passed" when it passes), with the program step it judges
 * (a failure moved to a later step is another verdict); null when the check cannot judge alone
 * (it throws).
 */
export function originOf(def: PropertyDefinition, scenario: Scenario, observation: Observation, expected: Expected): string | null {
  try {
    const verdict = def.check({ scenario, observation, expected, reference: null });
    return verdict.ok ? "passed" : `${/^step \d+/.exec(verdict.message)?.[0] ?? ""} ${failureOrigin("failed", verdict.message)}`;
  } catch {
    return null;
  }
}

/**
 * A result with the field at `path` taken from `from`'s; a field of the record in both places it
 * is (result.record and the new context's last record, which departure.ts names as one field).
 */
function patchedResult(value: Json, from: Json, path: string): Json {
  const out = patched(value, from, path);
  if (!path.startsWith("record.")) return out;
  const [mine, theirs] = [listAt(out), listAt(from)];
  if (mine === null || theirs === null || mine.length === 0 || theirs.length === 0) return out;
  const last = patched(mine[mine.length - 1]!, theirs[theirs.length - 1]!, path.slice("record.".length));
  const context = (out as { [k: string]: Json }).context as { [k: string]: Json };
  return { ...(out as { [k: string]: Json }), context: { ...context, compactions: [...mine.slice(0, -1), last] } };
}

/** A result's context.compactions, when it is a list. */
function listAt(result: Json): Json[] | null {
  if (result === null || typeof result !== "object" || Array.isArray(result)) return null;
  const context = result.context;
  if (context === null || typeof context !== "object" || Array.isArray(context)) return null;
  return Array.isArray(context.compactions) ? context.compactions : null;
}

/** `value` with the field at the dotted `path` taken from `from`. */
function patched(value: Json, from: Json, path: string): Json {
  const [key, ...rest] = path.split(".");
  if (key === undefined || value === null || typeof value !== "object" || Array.isArray(value) || from === null || typeof from !== "object" || Array.isArray(from)) return value;
  const source = from[key!];
  const out: { [k: string]: Json } = { ...value };
  if (rest.length === 0) {
    if (source === undefined) delete out[key!];
    else out[key!] = source;
  } else if (source !== undefined && out[key!] !== undefined) out[key!] = patched(out[key!]!, source, rest.join("."));
  return out;
}
