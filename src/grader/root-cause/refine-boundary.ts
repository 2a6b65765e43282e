import { modelBoundary, modelBuild, modelGroups, modelMessageUnits, modelRequirementsUnits, type ModelGroup } from "../../model/index";
import { withoutUpstream, withUpstreamAnswers } from "../../model/upstream";
import type { ContextData, Json } from "../../scenario/data";
import type { BoundaryOptions } from "../../model/shapes";
import { differencesIn, groupsText, type Difference } from "./differences";
import type { UpstreamProbe } from "./probe";

// How a boundary answer departs from §6 ("the earliest whole-group cut that fits"). Two kinds of
// mistake answer a later cut than the contract's: one reckons otherwise what fits (the budget or
// the retention: a strict comparison, a summary counted, an off-by-one), the other chooses another
// cut among those that fit (the latest, say). They are told apart the way Hypothesis's explain
// phase does, by asking the same question with one part changed: with targetUnits at its largest,
// every cut fits the budget, so a mistake of what fits answers as the contract does there, and a
// mistake of the choice still answers a later whole-group cut. A mistake of the requirements' term
// is told the same way: with them taken out and their units taken off targetUnits, every cut's sum
// stays the same, so a submission whose answer then changes reckons them otherwise.
// Every other departure (no cut where one fits, a cut where none does, an earlier cut, a cut
// inside a group) is left to the plain rule.

/**
 * A cut inside one of the contract's tool rounds, from a subject whose own groups of the same
 * transcript differ from the contract's: the boundary cuts where its groups allow, and the
 * mistake is the grouping's (the difference of the groups, for refineGroups). Null when the cut
 * is a whole-group cut, or the subject groups the transcript as the contract does (then the walk
 * itself cuts inside a round: the boundary's own mistake).
 */
export async function groupsBehindCut(context: ContextData, subject: number | null, probe: UpstreamProbe | null): Promise<Difference | null> {
  if (probe === null || subject === null) return null;
  const contract = modelGroups(context.messages ?? []);
  if (!contract.some((g) => g.kind === "toolRound" && g.startIndex < subject && subject <= g.endIndex)) return null;
  return groupsOtherwise(context, probe, contract);
}

/**
 * The subject's own groups of the context's transcript, where they differ from the contract's
 * (`contract`, the model's groups of it; the difference, for refineGroups); null where they are
 * the same or cannot be asked.
 */
export async function groupsOtherwise(context: ContextData, probe: UpstreamProbe | null, contract: readonly ModelGroup[] = modelGroups(context.messages ?? [])): Promise<Difference | null> {
  const transcript = context.messages ?? [];
  if (probe === null) return null;
  const theirs = await probe.groupsOfTranscript(transcript);
  if (theirs === undefined || groupsText(theirs) === groupsText(contract)) return null;
  return { layer: "groups", question: `groups of the ${transcript.length}-message transcript`, subject: groupsText(theirs), contract: groupsText(contract), about: { kind: "groups", transcript, subject: theirs, contract } };
}

/**
 * The subject's cut, where §6's walk with the subject's own units gives it (and the contract's
 * units do not): its boundary departs because it counts otherwise, and the mistake is the units'
 * (the units differences that walk asked, for the units signature). A submission whose boundary
 * counts with its own estimator while other steps count with another shows so, where re-judging
 * the whole compaction with its units does not pass. Null otherwise.
 */
export async function unitsBehindCut(context: ContextData, options: BoundaryOptions, subject: number | null, contract: number | null, probe: UpstreamProbe | null): Promise<Difference[] | null> {
  if (probe === null || subject === contract) return null;
  const walk = () => withUpstreamAnswers(probe.answers({ build: false, compaction: false, units: true, groups: false, boundary: false }), () => modelBoundary(context, options));
  const run = await probe.untilAnswered(walk, 16, 200);
  if (run.value !== subject) return null;
  const differences = differencesIn(probe, run.asked, ["units"]).filter((d) => d.layer === "units");
  return differences.length > 0 ? differences : null;
}

/**
 * A compaction refused with CONTEXT_BOUNDARY_UNAVAILABLE where the contract finds a cut: when the
 * subject's own selectCompactionBoundary of the same context and budgets answers null too, the
 * mistake is its boundary's (no cut where one fits), not step 3's. The cut the contract finds, or
 * null when the question does not show it.
 */
export async function noCutWhereOneFits(context: Json, options: Json, probe: UpstreamProbe | null): Promise<{ readonly contract: number; readonly options: BoundaryOptions } | null> {
  const both = await bothBoundaries(context, options, probe, (contract) => contract !== null);
  return both !== null && both.contract !== null && both.subject === null ? { contract: both.contract, options: both.options } : null;
}

/**
 * The reverse: a compaction where the contract finds no boundary (CONTEXT_BOUNDARY_UNAVAILABLE),
 * whose subject's own selectCompactionBoundary of the same context and budgets answers a cut: the
 * mistake is its boundary's (a cut where none fits), not step 3's. That cut, or null.
 */
export async function cutWhereNoneFits(context: Json, options: Json, probe: UpstreamProbe | null): Promise<{ readonly subject: number; readonly options: BoundaryOptions } | null> {
  const both = await bothBoundaries(context, options, probe, (contract) => contract === null);
  return both !== null && typeof both.subject === "number" ? { subject: both.subject, options: both.options } : null;
}

/**
 * The contract's boundary and the subject's own selectCompactionBoundary of a compaction's context
 * (built by the contract) under its budgets (the §6 fields of its options), the subject asked only
 * where `asked` holds of the contract's; null when it does not, the context does not build or
 * the options are no object. The subject's answer is undefined when it gave none.
 */
async function bothBoundaries(context: Json, options: Json, probe: UpstreamProbe | null, asked: (contract: number | null) => boolean): Promise<{ readonly contract: number | null; readonly subject: number | null | undefined; readonly options: BoundaryOptions } | null> {
  if (probe === null || options === null || typeof options !== "object" || Array.isArray(options)) return null;
  const built = withoutUpstream(() => modelBuild(context));
  if (!built.ok) return null;
  const budgets = { targetUnits: options.targetUnits, summaryMaxUnits: options.summaryMaxUnits, retainRecentMessages: options.retainRecentMessages } as unknown as BoundaryOptions;
  const contract = withoutUpstream(() => modelBoundary(built.context as ContextData, budgets));
  if (!asked(contract)) return null;
  return { contract, subject: await probe.boundaryOf(built.context as ContextData, budgets), options: budgets };
}

/** The detail of a boundary departure: "requirements" for a mistake of their term, "not the earliest" for a mistake of the choice, else "". */
export async function boundaryDetail(context: ContextData, options: BoundaryOptions, subject: number | null, contract: number | null, probe: UpstreamProbe | null): Promise<string> {
  if (probe === null || subject === contract) return "";
  if (await requirementsNeeded(context, options, subject, contract, probe)) return REQUIREMENTS;
  // A cut that compacts messages §6 keeps (past messages.length - retainRecentMessages): the
  // retention rule, whatever fits. (A cut at 0 compacts nothing, so it keeps every message.)
  if (subject !== null && subject > 0 && subject > (context.messages ?? []).length - options.retainRecentMessages) return INTO_RETAINED;
  // An answer that changes when the current summary, which §6 does not count, is taken out: the summary reckoned.
  if (await summaryNeeded(context, options, subject, probe)) return CURRENT_SUMMARY;
  // Or when the compaction records, which §6 does not read at all, are taken out: the records read.
  if (await recordsNeeded(context, options, subject, probe)) return RECORDS_READ;
  // A cut inside a tool round, or an answer that turns on the rounds: one mistake of where a round's cut lies.
  const groups = withoutUpstream(() => modelGroups(context.messages ?? []));
  const inside = subject !== null && groups.some((g) => g.kind === "toolRound" && g.startIndex < subject && subject < g.endIndex);
  // (A later whole-group cut is asked below: a walk that skips or passes over cuts shows one with or without rounds.)
  const later = subject !== null && contract !== null && subject > contract;
  // (Nor where the contract finds no cut: finer groups give one, so a right answer there says nothing of the rounds.)
  // A cut inside a round from a walk that is right once the rounds are user messages (or where
  // that cannot be asked) is where a round's cut lies; from one that is not (a cut one message
  // early, say), it is the walk's own answer, which a round happened to be at.
  if (inside && (await roundsNeeded(context, groups, options, probe)) !== false) return WITH_ROUNDS;
  if (!inside && !later && contract !== null && (await roundsNeeded(context, groups, options, probe)) === true) return WITH_ROUNDS;
  if (contract === null) return "";
  // No cut where the contract finds one: asked again with three more messages after the
  // context's, every cut fitting, a walk answering the cut right after the earliest (not the
  // latest, nor one before it) skips the earliest cut, the mistake a later cut shows too.
  if (subject === null) {
    const more = ["one-more", "two-more", "three-more"].map((id) => ({ id, role: "user", content: "one more" }) as never);
    const longer: ContextData = { ...context, messages: [...(context.messages ?? []), ...more] };
    const found = await roomyAnswer(longer, options, probe);
    return found !== null && found.answer === found.ends.find((end) => end > found.want) && found.answer < found.ends.at(-2)! ? NOT_EARLIEST : "";
  }
  if (subject <= contract) return "";
  const ends = new Set(groups.map((g) => g.endIndex));
  if (!ends.has(subject)) return "";
  // A later cut that turns on the rounds (right once the rounds are user messages of the same
  // units) is where a round's cut lies, as an earlier one: a walk that passes over the cut after
  // a round. Asked first: a walk past the earliest cut is never right there (it passes over the
  // earliest cut of the flattened context too), so it still comes out "not the earliest" below.
  if ((await roundsNeeded(context, groups, options, probe)) === true) return WITH_ROUNDS;
  const found = await roomyAnswer(context, options, probe);
  return found !== null && found.answer > found.want && ends.has(found.answer) ? NOT_EARLIEST : "";
}

/** With targetUnits at its largest (every cut fits): the contract's cut, the subject's (a number), and the group ends in order; null where either is none. */
async function roomyAnswer(context: ContextData, options: BoundaryOptions, probe: UpstreamProbe): Promise<{ readonly want: number; readonly answer: number; readonly ends: readonly number[] } | null> {
  const roomy: BoundaryOptions = { ...options, targetUnits: MAX_TARGET };
  const want = withoutUpstream(() => modelBoundary(context, roomy));
  if (want === null) return null;
  const answer = await probe.boundaryOf(context, roomy);
  if (typeof answer !== "number") return null;
  return { want, answer, ends: [...new Set(modelGroups(context.messages ?? []).map((g) => g.endIndex))].sort((a, b) => a - b) };
}

/**
 * Whether the subject's answer turns on the tool rounds (`groups`, the context's): the same messages, each one of a round
 * replaced by a user message of its id and its units (so every message is a group of its own
 * and every sum stays the same), get the contract's cut from the subject. A mistake of what fits
 * (the budget, the kept messages) departs there too; one of where a round's cut lies does not.
 * Null where it cannot be asked (a message of a round too small to be a user message of its
 * units, or no answer).
 */
async function roundsNeeded(context: ContextData, groups: readonly ModelGroup[], options: BoundaryOptions, probe: UpstreamProbe): Promise<boolean | null> {
  const messages = context.messages ?? [];
  const rounds = groups.filter((g) => g.kind === "toolRound");
  if (rounds.length === 0) return false;
  const inRound = (i: number) => rounds.some((g) => g.startIndex <= i && i < g.endIndex);
  const flat = messages.map((m, i) => {
    if (!inRound(i)) return m;
    const units = withoutUpstream(() => modelMessageUnits(m));
    const content = units - 4 - [...m.id].length;
    return content < 0 ? null : ({ id: m.id, role: "user", content: "x".repeat(content) } as const);
  });
  if (flat.some((m) => m === null)) return null;
  const flattened: ContextData = { ...context, messages: flat as never };
  const want = withoutUpstream(() => modelBoundary(flattened, options));
  const answer = await probe.boundaryOf(flattened, options);
  return answer === undefined ? null : answer === want;
}

export const WITH_ROUNDS = "with tool rounds";
export const INTO_RETAINED = "into the retained messages";
export const CURRENT_SUMMARY = "the current summary";
export const NOT_EARLIEST = "not the earliest";
export const RECORDS_READ = "the compaction records";
export const REQUIREMENTS = "requirements";

/**
 * Whether the subject's answer turns on the current summary, which §6 leaves out of every sum:
 * the same context without it (the contract's answer the same) gets another answer from the subject.
 */
async function summaryNeeded(context: ContextData, options: BoundaryOptions, subject: number | null, probe: UpstreamProbe): Promise<boolean> {
  if (context.summary === null || context.summary === undefined) return false;
  const answer = await probe.boundaryOf({ ...context, summary: null }, options);
  return answer !== undefined && answer !== subject;
}

/**
 * Whether the subject's answer turns on the compaction records, which no sum of §6 counts and its
 * walk does not read: the same context without them gets another answer from the subject.
 */
async function recordsNeeded(context: ContextData, options: BoundaryOptions, subject: number | null, probe: UpstreamProbe): Promise<boolean> {
  if ((context.compactions ?? []).length === 0) return false;
  const answer = await probe.boundaryOf({ ...context, compactions: [] }, options);
  return answer !== undefined && answer !== subject;
}

/**
 * Whether the subject's answer turns on the requirements as such: with them taken out and their
 * units taken off targetUnits, every cut's sum and the contract's answer stay the same, and a
 * submission that reckons them as the contract does (whatever else it reckons otherwise) answers
 * the same too. Where nothing fits once they are reserved (their units exceed targetUnits less
 * summaryMaxUnits, and no such options exist), a subject answering a cut that still answers it
 * with a requirement larger than targetUnits added left them out.
 */
async function requirementsNeeded(context: ContextData, options: BoundaryOptions, subject: number | null, contract: number | null, probe: UpstreamProbe): Promise<boolean> {
  const requirements = context.requirements ?? [];
  if (requirements.length === 0) return false;
  const units = withoutUpstream(() => modelRequirementsUnits(requirements));
  const without: ContextData = { ...context, requirements: [] };
  if (options.targetUnits - units >= Math.max(1, options.summaryMaxUnits)) {
    const moved: BoundaryOptions = { ...options, targetUnits: options.targetUnits - units };
    if (withoutUpstream(() => modelBoundary(without, moved)) !== contract) return false;
    const answer = await probe.boundaryOf(without, moved);
    return answer !== undefined && answer !== subject;
  }
  // Nothing fits with them reserved (the contract answers null): a subject that counts them in
  // any way answers null too once one more requirement as large as targetUnits is added; one
  // that left them out answers the same cut.
  if (subject === null || options.targetUnits > MAX_PROBE_TEXT) return false;
  const ids = new Set(requirements.map((r) => r.id));
  let id = "r-large";
  while (ids.has(id)) id += "'";
  const heavier: ContextData = { ...context, requirements: [...requirements, { id, content: "x".repeat(options.targetUnits) }] };
  if ((await probe.boundaryOf(heavier, options)) === subject) return true;
  // One that counts them otherwise needs another targetUnits for a first cut to fit: where the
  // same transcript without them needs what the contract's does, the difference is theirs.
  const [withThem, withoutThem] = [await firstFit(context, options, probe), await firstFit(without, options, probe)];
  if (withThem === undefined || withoutThem === undefined) return false;
  const want = (c: ContextData) => firstFitBy(c, options, async (o) => withoutUpstream(() => modelBoundary(c, o)));
  return withoutThem === (await want(without)) && withThem !== (await want(context));
}

/** The smallest targetUnits (from summaryMaxUnits up) at which the subject answers a cut; undefined when unanswered. */
async function firstFit(context: ContextData, options: BoundaryOptions, probe: UpstreamProbe): Promise<number | null | undefined> {
  let unanswered = false;
  const found = await firstFitBy(context, options, async (o) => {
    const answer = await probe.boundaryOf(context, o);
    if (answer === undefined) unanswered = true;
    return answer ?? null;
  });
  return unanswered ? undefined : found;
}

/** The smallest targetUnits in [max(1, summaryMaxUnits), 2 × targetUnits + Σ requirements] where `cut` answers a cut (bisection, a cut taken to stay once it fits); null when none does. */
async function firstFitBy(context: ContextData, options: BoundaryOptions, cut: (o: BoundaryOptions) => Promise<number | null>): Promise<number | null> {
  const at = (targetUnits: number) => cut({ ...options, targetUnits });
  let low = Math.max(1, options.summaryMaxUnits);
  let high = Math.min(MAX_TARGET, 2 * options.targetUnits + withoutUpstream(() => modelRequirementsUnits(context.requirements ?? [])));
  if ((await at(high)) === null) return null;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if ((await at(mid)) === null) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The longest requirement text the probe above writes (well under §3's limit of a text). */
const MAX_PROBE_TEXT = 60_000;

/** targetUnits at the largest §6 allows. */
const MAX_TARGET = 1_000_000;
