import { equalAsContractData } from "../../driver/deep-equal-data";
import { SPECIAL_TAG, type Json, isJsonObject } from "../../scenario/data";
import { acceptedOutcomes, expectedAs, type Expected } from "../../scenario/expected";
import type { Observation } from "../../scenario/observation";
import { value, valueText } from "../report/notation";

// How one answer departs from the contract's (the kind of departure of docs/grading.md "Root
// causes"): it never settles, throws something that is no ContextCompactionError, leaks an
// unhandled rejection, rejects with another code, rejects where the contract returns (or the
// reverse), returns another value (named by its first differing field), or calls the
// summarizer another number of times. The key leaves out the values, so that one mistake seen on
// two counterexamples departs the same way.

export type DepartureKind = "hangs" | "crashes" | "escapes" | "leaks" | "code" | "rejects" | "accepts" | "value" | "calls";

export interface Departure {
  readonly kind: DepartureKind;
  /** Stable over counterexamples of one mistake, e.g. "code CONTEXT_SUMMARY_INVALID for CONTEXT_SUMMARY_INSUFFICIENT". */
  readonly key: string;
  /** The submission's answer and the contract's, in words, the difference visible (a differing field shown alone). */
  readonly subject: string;
  readonly contract: string;
  /** The subject's code when it rejected with a ContextCompactionError. */
  readonly code?: string;
  /** The first differing field of a returned value (e.g. "context.summary.id"). */
  readonly field?: string;
}

const codeOf = (observation: Observation): string | null => {
  const outcome = observation.outcome;
  return outcome.kind === "threw" && outcome.error.isContextCompactionError && typeof outcome.error.code === "string" ? outcome.error.code : null;
};

export function contractText(expected: Expected): string {
  const all = acceptedOutcomes(expected);
  const first = all[0]!;
  const codes = [...new Set(all.flatMap((e) => (e.kind === "throws" ? e.codes : [])))];
  const returns = all.filter((e) => e.kind === "returns");
  const parts: string[] = [];
  if (returns.length > 0) parts.push(`returns ${valueText(returns[0]!.value)}`);
  if (codes.length > 0) parts.push(`rejects with ${codes.join(" or ")}`);
  return first.kind === "throws" ? parts.reverse().join(", or ") : parts.join(", or ");
}

/**
 * How `observation` departs from every outcome `expected` accepts; null when it is one of them.
 * A returned value is named by its first differing field, or by `focus` when that field differs
 * (the field a verdict turned on, ./focus).
 */
export function outcomeDeparture(observation: Observation, expected: Expected, focus?: string): Departure | null {
  const outcome = observation.outcome;
  const all = acceptedOutcomes(expected);
  const contract = contractText(expected);
  if (outcome.kind === "timeout") return { kind: "hangs", key: "hangs", subject: `never settles (still pending after ${outcome.afterMs} ms)`, contract };
  if (outcome.kind === "crash") return { kind: "crashes", key: "crashes", subject: `crashes (${outcome.reason})`, contract };
  if (outcome.kind === "threw" && !outcome.error.isContextCompactionError) {
    const name = typeof outcome.error.name === "string" ? outcome.error.name : outcome.error.typeOf;
    const what = outcome.error.isError ? `an ${name}` : `a ${outcome.error.typeOf}`;
    const codes = [...new Set(all.flatMap((e) => (e.kind === "throws" ? e.codes : [])))];
    return { kind: "escapes", key: `escapes for ${codes.join("|") || "a result"}`, subject: `throws ${what}, not a ContextCompactionError`, contract };
  }
  const calls = observation.summarizerCalls.length;
  const code = codeOf(observation);
  const closest = expectedAs(expected, observation);
  if (code !== null) {
    const throwing = all.filter((e) => e.kind === "throws");
    if (throwing.length === 0) return { kind: "rejects", key: `rejects with ${code}`, subject: `rejects with ${code}`, contract, code };
    if (!throwing.some((e) => e.kind === "throws" && e.codes.includes(code))) {
      const codes = [...new Set(throwing.flatMap((e) => (e.kind === "throws" ? e.codes : [])))];
      return { kind: "code", key: `code ${code} for ${codes.join("|")}`, subject: `rejects with ${code}`, contract: `rejects with ${codes.join(" or ")}`, code };
    }
  } else if (outcome.kind === "returned") {
    const returning = all.filter((e) => e.kind === "returns");
    if (returning.length === 0) return { kind: "accepts", key: "returns", subject: `returns ${valueText(outcome.value)}`, contract };
    const match = returning.find((e) => equalAsContractData(outcome.value, e.value));
    if (match === undefined) {
      const want = returnedValue(expected, observation)!;
      const diff = firstDifferingField(outcome.value, want, focus);
      if (diff === null) return { kind: "value", key: "value", subject: `returns ${valueText(outcome.value)}`, contract: `returns ${valueText(want)}` };
      const at = diff.path === "" ? "" : `${diff.path} = `;
      // A text the contract stores as given, stored trimmed: one way of departing, whichever field holds it.
      const trimmed = typeof diff.observed === "string" && typeof diff.expected === "string" && diff.observed !== diff.expected && diff.observed === diff.expected.trim();
      return { kind: "value", key: trimmed ? "value trimmed" : `value ${normalizedPath(diff.field ?? diff.path)}`, subject: `returns ${at}${shown(diff.observed)}`, contract: `returns ${at}${shown(diff.expected)}`, field: diff.path };
    }
  }
  if (!all.some((e) => e.summarizerCalls === calls && (code === null ? e.kind === "returns" : e.kind === "throws" && e.codes.includes(code)))) {
    const want = closest.summarizerCalls;
    return { kind: "calls", key: `calls ${calls > want ? "more" : "fewer"}`, subject: `calls the summarizer ${times(calls)}`, contract: `calls it ${times(want)}` };
  }
  if (observation.unhandledRejections > 0) return { kind: "leaks", key: "leaks", subject: `leaves ${observation.unhandledRejections} rejection(s) unhandled (an unhandledRejection reaches the process)`, contract: `${contract}, with no unhandled rejection` };
  return null;
}

/** The value of the returned outcome `expected` accepts closest to the observation's; null when it accepts none. */
export function returnedValue(expected: Expected, observation: Pick<Observation, "outcome" | "summarizerCalls">): Json | null {
  const returning = acceptedOutcomes(expected).filter((e) => e.kind === "returns");
  if (returning.length === 0) return null;
  const closest = expectedAs(expected, observation as Observation);
  return (closest.kind === "returns" ? closest : returning[0]!).value;
}

function times(n: number): string {
  return n === 1 ? "once" : n === 0 ? "never" : `${n} times`;
}

function shown(v: Json | undefined): string {
  return v === undefined ? "(absent)" : value(v, 80);
}

/**
 * The path with array indices as `[]`: two counterexamples differing at another index depart the
 * same way. The old records (context.compactions, beyond the new record its own fields name) are
 * one field: a list of records kept otherwise, whichever record or field shows it.
 */
export function normalizedPath(path: string): string {
  return path.startsWith("context.compactions") ? "context.compactions" : path.replace(/\[\d+\]/g, "[]");
}

/**
 * The first field where `observed` and `expected` differ, in the order of the contract's steps
 * for a compaction result (status, boundary, kept messages, the new summary, the record), else
 * depth first; "" when they differ at the root (another type).
 */
export function firstDifferingField(observed: Json, expected: Json, focus?: string): { readonly path: string; readonly observed: Json | undefined; readonly expected: Json | undefined; readonly field?: string } | null {
  if (equalAsContractData(observed, expected)) return null;
  const fields = differingFields(observed, expected);
  const focused = focus !== undefined && (fields.includes(focus) || fields.some((f) => wholeField(observed, expected, f) === focus));
  const chosen = focused ? focus : fields[0];
  if (chosen === undefined) return deeper("", observed, expected);
  const path = wholeField(observed, expected, chosen);
  if (path !== chosen) return { path, observed: at(observed, path), expected: at(expected, path) };
  if (!path.startsWith("record.")) return deeper(path, fieldOf(observed, path, expected), fieldOf(expected, path, expected));
  // A record field differing as returned is shown so; else as kept last in context.compactions.
  if (!equalAsContractData(at(observed, path) ?? null, at(expected, path) ?? null)) return deeper(path, at(observed, path), at(expected, path));
  const name = path.slice("record.".length);
  const [mine, theirs] = [at(observed, "context.compactions") as Json[], at(expected, "context.compactions") as Json[]];
  return { ...deeper(`context.compactions[${mine.length - 1}].${name}`, at(mine.at(-1)!, name), at(theirs.at(-1)!, name)), field: path };
}

/** A plain object of the result (not a tag of the scenario data such as {"$cc": "undefined"}). */
const isRecordValue = (v: Json | undefined): boolean => v !== null && v !== undefined && typeof v === "object" && !Array.isArray(v) && !(SPECIAL_TAG in v);

/**
 * The field a difference at `path` is about as a whole: the first object on the way to it that the
 * observed result holds as something else (a text where the summary object is, no record), or the
 * record when the one returned is an old record of the new context (another record returned);
 * else `path`. Each field of such an object then departs alike, whichever a verdict looked at.
 */
export function wholeField(observed: Json, expected: Json, path: string): string {
  const keys = path.split(".");
  for (let i = 1; i < keys.length; i++) {
    const prefix = keys.slice(0, i).join(".");
    if (/\[\d+\]/.test(prefix)) break;
    if (isRecordValue(at(expected, prefix)) && !isRecordValue(at(observed, prefix))) return prefix;
  }
  if (path.startsWith("record.")) {
    const [mine, records] = [at(observed, "record"), at(observed, "context.compactions")];
    if (isRecordValue(mine) && Array.isArray(records) && records.slice(0, -1).some((r) => equalAsContractData(r, mine!))) return "record";
  }
  return path;
}

/**
 * A field of a result. A compacted result's last record is the new one, which record.* names
 * field by field (as returned, and as kept last in context.compactions: a field of the record
 * is its value in both); the field context.compactions is the old records kept.
 */
function fieldOf(v: Json, path: string, expected: Json): Json | undefined {
  const value = at(v, path);
  const compacted = expected !== null && typeof expected === "object" && !Array.isArray(expected) && expected.status === "compacted";
  if (!compacted) return value;
  const records = at(v, "context.compactions");
  const old = (list: Json | undefined) => (Array.isArray(list) && list.length > 0 ? list.slice(0, -1) : list);
  if (path === "context.compactions") return old(value);
  if (path === "context" && value !== null && typeof value === "object" && !Array.isArray(value) && value.compactions !== undefined) return { ...value, compactions: old(value.compactions)! };
  if (path.startsWith("record.") && Array.isArray(records) && records.length > 0) {
    const kept = at(records[records.length - 1]!, path.slice("record.".length));
    return kept === undefined ? value : [value ?? null, kept];
  }
  return value;
}

/**
 * The fields of a compaction result where `observed` differs from `expected`, in the order of
 * the contract's steps, none inside another; a status that differs alone (the rest is then
 * another shape). Empty for a value that is no result.
 */
export function differingFields(observed: Json, expected: Json): string[] {
  if (!isJsonObject(observed) || !isJsonObject(expected) || !("status" in expected)) return [];
  const out: string[] = [];
  // The right record returned, the records kept in another order: the list of records is what
  // differs, whichever record's fields happen to sit last.
  const reordered = reorderedRecords(observed, expected);
  for (const path of RESULT_ORDER) {
    if (reordered && path.startsWith("record")) continue;
    const a = fieldOf(observed, path, expected), b = fieldOf(expected, path, expected);
    if (equalAsContractData(a ?? null, b ?? null) && (a === undefined) === (b === undefined)) continue;
    if (path === "status") return [path];
    if (!out.some((q) => q.startsWith(`${path}.`) || path.startsWith(`${q}.`))) out.push(path);
  }
  return out;
}

/** The same records as the contract's in context.compactions, in another order, with the right one returned as record. */
function reorderedRecords(observed: Json, expected: Json): boolean {
  const [mine, theirs] = [at(observed, "context.compactions"), at(expected, "context.compactions")];
  if (!Array.isArray(mine) || !Array.isArray(theirs) || mine.length !== theirs.length || equalAsContractData(mine, theirs)) return false;
  if (!equalAsContractData(at(observed, "record") ?? null, at(expected, "record") ?? null)) return false;
  const left = [...theirs];
  for (const record of mine) {
    const i = left.findIndex((r) => equalAsContractData(r, record));
    if (i === -1) return false;
    left.splice(i, 1);
  }
  return true;
}

const RESULT_ORDER = ["status", "record.boundary", "context.messages", "context.summary.content", "context.summary.id", "context.summary", "record.compactedMessageIds", "record.unitsBefore", "record.unitsAfter", "record.id", "record.summaryId", "context.requirements", "context.compactions", "record", "context"];

/** The value at a dotted path of plain objects (`record.unitsAfter`), an index in brackets stepping into a list (`context.messages[0].id`, as departures name fields); undefined where there is none. */
export function at(v: Json | undefined, path: string): Json | undefined {
  let here: Json | undefined = v;
  for (const step of path.match(/\[\d+\]|[^.[\]]+/g) ?? []) {
    if (step.startsWith("[")) {
      here = Array.isArray(here) ? here[Number(step.slice(1, -1))] : undefined;
      continue;
    }
    if (here === null || typeof here !== "object" || Array.isArray(here) || !(step in here)) return undefined;
    here = here[step];
  }
  return here;
}

/** The first leaf-most difference under `path`, depth first (an array of another length stops there). */
function deeper(path: string, a: Json | undefined, b: Json | undefined): { readonly path: string; readonly observed: Json | undefined; readonly expected: Json | undefined } {
  const join = (key: string | number) => (typeof key === "number" ? `${path}[${key}]` : path === "" ? key : `${path}.${key}`);
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    for (let i = 0; i < a.length; i++) if (!equalAsContractData(a[i]!, b[i]!)) return deeper(join(i), a[i], b[i]);
  }
  if (a !== null && b !== null && typeof a === "object" && typeof b === "object" && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    for (const key of keys) {
      if (!(key in a) || !(key in b)) return { path: join(key), observed: a[key], expected: b[key] };
      if (!equalAsContractData(a[key]!, b[key]!)) return deeper(join(key), a[key], b[key]);
    }
  }
  return { path, observed: a, expected: b };
}

/**
 * A returned text that reads as the contract's trimmed and is also what the old context held at
 * that field (a new summary that keeps the old summary's id, the old id happening to be the new
 * one without its spaces): the old value kept, not a text trimmed. Its key is the field's.
 */
export function keptNotTrimmed(departure: Departure, observation: Observation, old: Json): Departure {
  if (departure.key !== "value trimmed" || departure.field === undefined || !departure.field.startsWith("context.") || observation.outcome.kind !== "returned") return departure;
  const seen = at(observation.outcome.value, departure.field);
  const before = at(old, departure.field.slice("context.".length));
  return typeof seen === "string" && seen === before ? { ...departure, key: `value ${normalizedPath(departure.field)}` } : departure;
}
