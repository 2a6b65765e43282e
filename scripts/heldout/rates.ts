// The held-out rates (issue 26): how the grade's root causes of an implementation compare with
// its mistakes (test/heldout/manifest.ts). Pure functions of what the grades answered:
// - the implementation as submitted (every mistake on): its root causes, each with the failed
//   properties it explains;
// - for an implementation with several mistakes, each mistake alone (compose.ts `make`): the
//   properties that fail with it. A failed property belongs to the mistakes that fail it alone.
// One mistake → exactly one root cause; several → as many root causes as mistakes; a root cause
// is pure when one mistake alone fails every one of its properties that any mistake fails alone
// (properties that fail only when mistakes combine belong to none and are not held against it);
// a mistake is missed when it is left out of a largest matching of mistakes with pure root
// causes of their own (a root cause owned by two mistakes stands for one of them only).
// A root cause found by asking (RootCause.foundByAsking) explains no property: it belongs to the
// mistakes whose grade alone has a root cause of the same title (the same rule, the same detail),
// and to none else.

import type { RootCause } from "../../src/grader/result";
import { wordProblems } from "../../src/grader/report/plain-words";
import { median } from "../median";

export interface GradedCause {
  readonly id: string;
  readonly title: string;
  readonly criterion?: string;
  readonly properties: readonly string[];
  readonly foundByAsking?: true;
}

/** What the measure keeps of a root cause. */
export function gradedCause(c: RootCause): GradedCause {
  return { id: c.id, title: c.title, ...(typeof c.criterion === "string" ? { criterion: c.criterion } : {}), properties: [...c.properties], ...(c.foundByAsking === true ? { foundByAsking: true as const } : {}) };
}

export interface GradedImplementation {
  readonly id: string;
  /** Its mistakes, in the manifest's order, with their criteria. */
  readonly mistakes: readonly { readonly id: string; readonly criterion: string }[];
  readonly rootCauses: readonly GradedCause[];
  /** Mistake id → the properties that fail with it alone (for one mistake: every failed property). */
  readonly alone: ReadonlyMap<string, ReadonlySet<string>>;
  /** Mistake id → the titles of the root causes its grade alone has: owners of root causes found by asking. */
  readonly aloneCauses?: ReadonlyMap<string, ReadonlySet<string>>;
  /** Mistake id → the criteria of the root causes its grade alone has (undefined where a root cause names none). */
  readonly aloneCriteria?: ReadonlyMap<string, readonly (string | undefined)[]>;
  /** What the grade cost under the default rubric: points lost, and how many criteria lost points. */
  readonly loss?: { readonly points: number; readonly criteria: number };
}

export interface CauseVerdict {
  readonly id: string;
  readonly title: string;
  readonly criterion?: string;
  readonly properties: number;
  /** The mistakes that alone fail every attributable property of it (empty: impure, or nothing attributable). */
  readonly owners: readonly string[];
  /** The mistakes that alone fail at least one of its properties. */
  readonly touches: readonly string[];
  readonly pure: boolean;
}

export interface ImplementationVerdict {
  readonly id: string;
  readonly mistakes: number;
  readonly causes: readonly CauseVerdict[];
  /** One mistake: exactly one root cause; several: as many root causes as mistakes. */
  readonly countRight: boolean;
  /** Every root cause pure. */
  readonly pure: boolean;
  /** Mistakes no pure root cause is owned by. */
  readonly missed: readonly string[];
  /** Mistakes whose grade alone has not exactly one root cause (by title; known for several mistakes), and how many of them none. */
  readonly aloneNotOne: number;
  readonly aloneNone: number;
  /** Of those with more than one, how many have every root cause in the mistake's own criterion. */
  readonly aloneWithin: number;
  /** Root causes whose criterion is their owner's (when both are known). */
  readonly criterionRight: number;
  readonly criterionKnown: number;
  readonly loss?: { readonly points: number; readonly criteria: number };
}

export function judgeImplementation(impl: GradedImplementation): ImplementationVerdict {
  const causes = impl.rootCauses.map((cause): CauseVerdict => {
    if (cause.foundByAsking === true && cause.properties.length === 0) {
      const owners = impl.mistakes.filter((m) => impl.aloneCauses?.get(m.id)?.has(cause.title) === true).map((m) => m.id);
      return { id: cause.id, title: cause.title, ...(cause.criterion === undefined ? {} : { criterion: cause.criterion }), properties: 0, owners, touches: owners, pure: true };
    }
    const attributed = cause.properties.filter((p) => impl.mistakes.some((m) => impl.alone.get(m.id)?.has(p) === true));
    const touches = impl.mistakes.filter((m) => attributed.some((p) => impl.alone.get(m.id)?.has(p) === true)).map((m) => m.id);
    const owners = attributed.length === 0 ? [] : impl.mistakes.filter((m) => attributed.every((p) => impl.alone.get(m.id)?.has(p) === true)).map((m) => m.id);
    return { id: cause.id, title: cause.title, ...(cause.criterion === undefined ? {} : { criterion: cause.criterion }), properties: cause.properties.length, owners, touches, pure: attributed.length === 0 || owners.length > 0 };
  });
  const matched = largestMatching(impl.mistakes.map((m) => m.id), causes.map((c) => (c.pure ? c.owners : [])));
  const missed = impl.mistakes.filter((m) => !matched.has(m.id)).map((m) => m.id);
  const criterionOf = new Map(impl.mistakes.map((m) => [m.id, m.criterion]));
  const judged = causes.filter((c) => c.criterion !== undefined && c.owners.length > 0);
  return {
    id: impl.id,
    mistakes: impl.mistakes.length,
    causes,
    countRight: causes.length === impl.mistakes.length,
    pure: causes.every((c) => c.pure),
    missed,
    aloneNotOne: impl.mistakes.length > 1 ? impl.mistakes.filter((m) => impl.aloneCauses !== undefined && impl.aloneCauses.get(m.id)?.size !== 1).length : 0,
    aloneNone: impl.mistakes.length > 1 ? impl.mistakes.filter((m) => impl.aloneCauses !== undefined && (impl.aloneCauses.get(m.id)?.size ?? 0) === 0).length : 0,
    aloneWithin: impl.mistakes.length > 1 ? impl.mistakes.filter((m) => (impl.aloneCriteria?.get(m.id)?.length ?? 0) > 1 && impl.aloneCriteria!.get(m.id)!.every((c) => c === m.criterion)).length : 0,
    criterionRight: judged.filter((c) => c.owners.some((m) => criterionOf.get(m) === c.criterion)).length,
    criterionKnown: judged.length,
    ...(impl.loss === undefined ? {} : { loss: impl.loss }),
  };
}

/** The mistakes matched in a largest matching of mistakes to root causes (`owners[i]`: the mistakes root cause i may stand for). */
function largestMatching(mistakes: readonly string[], owners: readonly (readonly string[])[]): Set<string> {
  const causeOf = new Map<string, number>();
  const augment = (mistake: string, seen: Set<number>): boolean => {
    for (let i = 0; i < owners.length; i++) {
      if (!owners[i]!.includes(mistake) || seen.has(i)) continue;
      seen.add(i);
      const holder = [...causeOf].find(([, cause]) => cause === i)?.[0];
      if (holder === undefined || augment(holder, seen)) {
        causeOf.set(mistake, i);
        return true;
      }
    }
    return false;
  };
  for (const mistake of mistakes) augment(mistake, new Set());
  return new Set(causeOf.keys());
}

export interface Rates {
  readonly implementations: number;
  readonly one: { readonly right: number; readonly of: number };
  readonly several: { readonly right: number; readonly of: number };
  /** Several-mistake implementations whose every root cause is pure. */
  readonly pureImplementations: { readonly right: number; readonly of: number };
  /** Root causes of several-mistake implementations that are pure. */
  readonly pureCauses: { readonly right: number; readonly of: number };
  readonly missed: { readonly count: number; readonly of: number };
  readonly rootCauses: number;
  readonly mistakes: number;
  readonly criterion: { readonly right: number; readonly of: number };
  /** One-mistake implementations: at most one criterion lost points (target: all), and the points lost. */
  readonly oneCriterion: { readonly right: number; readonly of: number };
  readonly oneLoss: { readonly median: number | null; readonly largest: number | null };
  /** Root-cause titles with no internal name and no doubled word (src/grader/report/plain-words.ts). */
  readonly plainTitles: { readonly right: number; readonly of: number };
  /** Where the several-mistake implementations whose count is wrong go wrong (totals only). */
  readonly misses: MissShapes;
}

/**
 * The shapes of the several-mistake implementations whose count of root causes is wrong, as
 * totals: how many have too many or too few, and of their root causes how many no mistake alone
 * fails (their failures come from mistakes combined), how many are a mistake's second (a pure root
 * cause left over once every mistake has one), and how many are impure (from two mistakes).
 */
export interface MissShapes {
  readonly tooMany: number;
  readonly tooFew: number;
  readonly unowned: number;
  readonly second: number;
  readonly impure: number;
  readonly missed: number;
  /** Mistakes of several-mistake implementations (all of them / those whose count is wrong) whose grade alone has not exactly one root cause, and of those how many have none. */
  readonly aloneNotOne: { readonly all: number; readonly wrong: number; readonly none: number; readonly within: number };
}

export function missShapes(verdicts: readonly ImplementationVerdict[]): MissShapes {
  const wrong = verdicts.filter((v) => v.mistakes > 1 && !v.countRight);
  const sum = (f: (v: ImplementationVerdict) => number) => wrong.reduce((n, v) => n + f(v), 0);
  const owned = (v: ImplementationVerdict) => v.causes.filter((c) => c.pure && c.owners.length > 0).length;
  return {
    tooMany: wrong.filter((v) => v.causes.length > v.mistakes).length,
    tooFew: wrong.filter((v) => v.causes.length < v.mistakes).length,
    unowned: sum((v) => v.causes.filter((c) => c.pure && c.owners.length === 0).length),
    // Every matched mistake holds one pure owned root cause; the owned ones left over are seconds.
    second: sum((v) => owned(v) - (v.mistakes - v.missed.length)),
    impure: sum((v) => v.causes.filter((c) => !c.pure).length),
    missed: sum((v) => v.missed.length),
    aloneNotOne: { all: verdicts.reduce((n, v) => n + v.aloneNotOne, 0), wrong: sum((v) => v.aloneNotOne), none: verdicts.reduce((n, v) => n + v.aloneNone, 0), within: verdicts.reduce((n, v) => n + v.aloneWithin, 0) },
  };
}

export function ratesOf(verdicts: readonly ImplementationVerdict[]): Rates {
  const one = verdicts.filter((v) => v.mistakes === 1);
  const several = verdicts.filter((v) => v.mistakes > 1);
  const count = <T>(list: readonly T[], test: (v: T) => boolean) => ({ right: list.filter(test).length, of: list.length });
  const severalCauses = several.flatMap((v) => v.causes);
  return {
    implementations: verdicts.length,
    one: count(one, (v) => v.countRight),
    several: count(several, (v) => v.countRight),
    pureImplementations: count(several, (v) => v.pure),
    pureCauses: { right: severalCauses.filter((c) => c.pure).length, of: severalCauses.length },
    missed: { count: verdicts.reduce((n, v) => n + v.missed.length, 0), of: verdicts.reduce((n, v) => n + v.mistakes, 0) },
    rootCauses: verdicts.reduce((n, v) => n + v.causes.length, 0),
    mistakes: verdicts.reduce((n, v) => n + v.mistakes, 0),
    criterion: { right: verdicts.reduce((n, v) => n + v.criterionRight, 0), of: verdicts.reduce((n, v) => n + v.criterionKnown, 0) },
    oneCriterion: count(one.filter((v) => v.loss !== undefined), (v) => v.loss!.criteria <= 1),
    oneLoss: spread(one.flatMap((v) => (v.loss === undefined ? [] : [v.loss.points]))),
    plainTitles: count(verdicts.flatMap((v) => v.causes), (c) => wordProblems(c.title).length === 0),
    misses: missShapes(verdicts),
  };
}

function spread(points: readonly number[]): { readonly median: number | null; readonly largest: number | null } {
  if (points.length === 0) return { median: null, largest: null };
  return { median: Math.round(median(points) * 10) / 10, largest: Math.round(Math.max(...points) * 10) / 10 };
}

function missLine(m: MissShapes): string {
  return `${m.tooMany} / ${m.tooFew}; ${m.unowned} / ${m.second} / ${m.impure}; ${m.missed}`;
}

export function percent(part: { readonly right: number; readonly of: number }): string {
  return part.of === 0 ? "–" : `${part.right}/${part.of} (${Math.round((100 * part.right) / part.of)} %)`;
}

/** The rates as table rows (one line per rate), for the terminal and the doc. */
export function rateLines(rates: Rates): readonly [string, string][] {
  return [
    ["one mistake → exactly one root cause (target ≥ 90 %)", percent(rates.one)],
    ["several mistakes → as many root causes as mistakes (target ≥ 80 %)", percent(rates.several)],
    ["several mistakes → no root cause from two mistakes (target ≥ 90 %)", percent(rates.pureImplementations)],
    ["root causes of several-mistake implementations that are pure", percent(rates.pureCauses)],
    ["mistakes missed (no pure root cause of their own, one root cause standing for one mistake)", `${rates.missed.count} of ${rates.missed.of}`],
    ["root causes / mistakes", `${rates.rootCauses} / ${rates.mistakes}`],
    ["one mistake → points lost in at most one criterion (rubric; target: all)", percent(rates.oneCriterion)],
    ["one mistake → points lost of 200, median / largest", rates.oneLoss.median === null ? "–" : `${rates.oneLoss.median} / ${rates.oneLoss.largest}`],
    ["root-cause titles in plain words (no internal name, no doubled word)", percent(rates.plainTitles)],
    ["several mistakes, count wrong: too many / too few; their root causes no mistake alone fails / a mistake's second / from two mistakes; mistakes missed", missLine(rates.misses)],
    ["several mistakes: mistakes whose grade alone has not exactly one root cause, in all / in those whose count is wrong (none at all, in all; more than one, all in the mistake's criterion, in all)", `${rates.misses.aloneNotOne.all} / ${rates.misses.aloneNotOne.wrong} (${rates.misses.aloneNotOne.none}; ${rates.misses.aloneNotOne.within})`],
    ["root causes whose criterion is their mistake's", rates.criterion.of === 0 ? "– (no criterion in the report)" : percent(rates.criterion)],
  ];
}
