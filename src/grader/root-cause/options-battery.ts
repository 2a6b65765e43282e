import type { OptionsAnswer, OptionsQuestion } from "../../model/upstream";
import type { Json } from "../../scenario/data";
import type { UpstreamProbe } from "./probe";
import { optionsDepart, optionsKey, optionsRefined, refusal, type OptionsRefined } from "./refine";
import { LATE_KEY, refusedOnceNeeded } from "./late-check";
import { optionsScenario } from "./options";

// Checks of §6 and §7's options that a mistake hides behind another. A property's smallest
// counterexample shows the first check its options break, and a refusal of common options (a
// valid edge refused) makes every later property fail there, so a second or third mistake in
// the checks of the options surfaces in no counterexample. Where the grade already holds an
// options mistake, the analysis asks the submission a fixed set of options, valid ones at each
// edge and ones that break each check by one, and names each departing answer as it names a
// counterexample's (refine.ts optionsRefined). An answer whose key no root cause has is one more
// mistake, found by asking. Where the grade holds no options mistake the same questions are
// asked, so that an options mistake behind one of another kind (a missing targetUnits accepted,
// every failure showing an oversized summary first) is found too.
//
// One mistake may make the same test of several fields (a helper that coerces every budget): the
// type checks of the budgets are one class, so such a mistake is found once, not per field.

type Options = { readonly [k: string]: Json };

const BOUNDARY: Options = { targetUnits: 10, summaryMaxUnits: 5, retainRecentMessages: 2 };
/**
 * The battery's bases, the first the submission accepts: each question changes one part of it,
 * so a base the submission refuses (a valid summaryMaxUnits of 5 refused, say) would make every
 * question depart for that one reason, named after the part the question changed. The second
 * base has summaryMaxUnits at its edge (equal to targetUnits), every other field as the first's.
 */
const BASES: readonly Options[] = [BOUNDARY, { ...BOUNDARY, summaryMaxUnits: 10 }];

/** The questions of both operations as changes of `base` (compactContext's with its own fields added). */
function questionsOn(base: Options) {
  const full: Options = { ...base, maxUnits: 20, summaryId: "s-new", recordId: "r-new" };
  return {
    full,
    boundary: (change: Options): OptionsQuestion => ({ operation: "boundary", options: { ...base, ...change } }),
    compact: (change: Options): OptionsQuestion => ({ operation: "compact", options: { ...full, ...change }, summarizerSlot: "script", signal: "none" }),
  };
}

/** Each check of the options at its edge (valid) and broken by one, then each field's type, each a change of `base`. */
function batteryOn(base: Options): readonly OptionsQuestion[] {
  const { full, boundary, compact } = questionsOn(base);
  return [
    boundary({ targetUnits: 1, summaryMaxUnits: 1 }),
    boundary({ targetUnits: 1_000_000 }),
    boundary({ summaryMaxUnits: 1 }),
    boundary({ summaryMaxUnits: 10 }),
    boundary({ retainRecentMessages: 0 }),
    boundary({ retainRecentMessages: 4096 }),
    boundary({ targetUnits: 0, summaryMaxUnits: 0 }),
    boundary({ targetUnits: 1_000_001 }),
    boundary({ summaryMaxUnits: 0 }),
    boundary({ summaryMaxUnits: 11 }),
    boundary({ retainRecentMessages: -1 }),
    boundary({ retainRecentMessages: 4097 }),
    boundary({ targetUnits: 10.5 }),
    boundary({ summaryMaxUnits: 4.5 }),
    boundary({ retainRecentMessages: 1.5 }),
    boundary({ targetUnits: "10" }),
    boundary({ summaryMaxUnits: "5" }),
    boundary({ retainRecentMessages: "2" }),
    compact({ maxUnits: 10 }),
    compact({ maxUnits: 1_000_000 }),
    compact({ maxUnits: 9 }),
    compact({ maxUnits: 1_000_001 }),
    compact({ maxUnits: 20.5 }),
    compact({ maxUnits: "20" }),
    compact({ summaryId: " " }),
    compact({ recordId: "" }),
    ...["targetUnits", "summaryMaxUnits", "retainRecentMessages"].map((field) => ({ operation: "boundary" as const, options: without(base, field) })),
    ...["targetUnits", "summaryMaxUnits", "retainRecentMessages", "maxUnits", "summaryId", "recordId"].map((field) => ({ ...compact({}), options: without(full, field) })),
  ];
}

/** Whether the subject accepts the plain options of both operations on `base`. */
async function acceptsPlain(base: Options, probe: UpstreamProbe): Promise<boolean> {
  const { boundary, compact } = questionsOn(base);
  for (const plain of [boundary({}), compact({})]) if ((await probe.optionsOf(plain))?.ok !== true) return false;
  return true;
}

/**
 * Options compactContext let through on the empty context (the fast path) and refuses, as the
 * contract does, where compaction is needed: checked only after the fast path, one mistake
 * (./late-check). Options under which no context needs compaction (maxUnits above the contract's
 * limits) count so too once another question showed it.
 */
async function lateRefined(question: OptionsQuestion, answer: OptionsAnswer, classes: ReadonlySet<string>, probe: UpstreamProbe): Promise<OptionsRefined | null> {
  const codes = refusal(question);
  const options = question.options;
  if (question.operation !== "compact" || !answer.ok || codes.length === 0 || options === null || typeof options !== "object" || Array.isArray(options)) return null;
  const late = await refusedOnceNeeded(optionsScenario(question), options, codes, probe);
  return late === true || (late === null && classes.has(LATE_KEY)) ? { rule: "step2.fastPath", detail: LATE_KEY, key: LATE_KEY } : null;
}

function without(options: Options, field: string): Options {
  const { [field]: _gone, ...rest } = options;
  return rest;
}

/** A bound of a budget's range let through (`options.budgets breaking targetUnits <= 1,000,000, accepted`). */
export const RANGE_KEY = /^options\.(?:budgets|maxUnits) breaking (?:targetUnits|summaryMaxUnits|retainRecentMessages|maxUnits) [<>]=? [\d,]+, accepted$/;
/** Several bounds let through: one way of checking the ranges (clamping, or no range check), one mistake. */
export const RANGES_KEY = "options.budgets breaking their ranges, accepted";

/**
 * A key's class: bounds of the budgets' ranges let through are one; the type checks of the budgets are one ("breaking a budget's type"); a missing
 * field answered one way is one, whichever field (a reader that takes every absent option for the
 * same thing); every other key its own.
 */
export function optionsClass(key: string): string {
  return key
    .replace(RANGE_KEY, RANGES_KEY)
    .replace(/^(options\.(?:budgets|maxUnits)) breaking (?:targetUnits|summaryMaxUnits|retainRecentMessages|maxUnits), /, "options.budgets breaking a budget's type, ")
    .replace(/^options\.\w+ a missing field /, "options a missing field ");
}

export interface OptionsFinding {
  readonly key: string;
  readonly refined: OptionsRefined;
  /** The options asked, in words. */
  readonly question: string;
  readonly subject: string;
  readonly contract: string;
}

/**
 * The departing answers of the battery whose class no key of `known` has, one per class, asked
 * on the first base whose plain options of both operations the subject accepts. Where no base
 * is accepted, the battery is asked on the first only when the grade already holds an options
 * mistake (a subject that refuses every call departs on every question for another reason).
 */
export async function optionsBattery(probe: UpstreamProbe, known: ReadonlySet<string>): Promise<readonly OptionsFinding[]> {
  let base: Options | null = null;
  for (const candidate of BASES) {
    if (await acceptsPlain(candidate, probe)) {
      base = candidate;
      break;
    }
  }
  if (base === null && known.size === 0) return [];
  const classes = new Set([...known].map(optionsClass));
  const found: OptionsFinding[] = [];
  for (const question of batteryOn(base ?? BOUNDARY)) {
    const answer = await probe.optionsOf(question);
    if (answer === undefined || !optionsDepart(question, answer)) continue;
    const refined = (await lateRefined(question, answer, classes, probe)) ?? (await optionsRefined(question.operation, question.options, question.summarizerSlot, question.signal, answer, probe));
    const key = optionsKey(refined);
    if (classes.has(optionsClass(key))) continue;
    classes.add(optionsClass(key));
    const codes = refusal(question);
    const asked = `${question.operation === "boundary" ? "selectCompactionBoundary" : "compactContext"} options ${JSON.stringify(question.options)}`;
    found.push({ key, refined, question: asked, subject: answer.ok ? "accepts them" : `rejects them with ${answer.code}`, contract: codes.length === 0 ? "accepts them" : `rejects them with ${codes.join(" or ")}` });
  }
  return found;
}
