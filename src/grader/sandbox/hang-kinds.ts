import type { AbortPoint, Decoration, Scenario, SummarizerScript } from "../../scenario/scenario";

// Which scenarios a hang stops (docs/grading.md, "What counts as a failure"). A lost call (a
// timeout or a crash) costs the grade time, so after a few lost calls the grader stops running
// scenarios that would hang the same way; but only those: a submission that hangs when an
// abort comes while its summarizer never settles still has every other scenario graded.
//
// A scenario's *call kinds* come from its data: the operation; for a compaction, the
// summarizer's script and the abort point; the kinds of hostile decorations on the input or
// options. A program's compact steps have the call kinds of the same compaction alone. A lost
// call is counted against its suspects (a program's steps whose summarizer never settles, when
// it has some; else the program as a whole), and a scenario is not run once one of its call
// kinds has lost `perCallKind` calls. As a bound on time, an operation whose lost calls spread
// over many call kinds (it hangs whatever it is given) stops as a whole, as before.

export interface CallKind {
  /** Stable key, e.g. "compact/never/whilePending" or "build+getter,proxy". */
  readonly key: string;
  /** In words, for reports: "compactContext with a summarizer that never settles, aborted while it is pending". */
  readonly description: string;
  /** The operation it belongs to (the scenario's operation kind). */
  readonly operation: string;
}

const FUNCTION_OF: Readonly<Record<string, string>> = {
  build: "buildActiveContext",
  units: "estimateContextUnits",
  groups: "groupToolRounds",
  boundary: "selectCompactionBoundary",
  compact: "compactContext",
  program: "compaction programs",
};

const ABORT_TEXT: Readonly<Record<AbortPoint, string>> = {
  none: "",
  beforeCall: ", aborted before the call",
  inSummarizer: ", aborted inside the summarizer",
  whilePending: ", aborted while its value is pending",
  atSettlement: ", aborted as its value settles",
  afterSettlement: ", aborted after the call settled",
};

function scriptText(script: SummarizerScript): string {
  if (script.kind === "never") return "a summarizer that never settles";
  if (script.kind === "text") return "a summarizer that returns text";
  return `a summarizer script "${script.kind}"`;
}

function decorationsOf(decorations: readonly Decoration[] | undefined): { key: string; text: string } {
  const kinds = [...new Set((decorations ?? []).map((d) => `${d.kind}`))].sort();
  return kinds.length === 0 ? { key: "", text: "" } : { key: `+${kinds.join(",")}`, text: ` on input or options decorated with ${kinds.join(", ")}` };
}

function compactKind(operation: string, script: SummarizerScript, abort: AbortPoint, decorations: readonly Decoration[] | undefined): CallKind {
  const decorated = decorationsOf(decorations);
  return {
    key: `compact/${script.kind}/${abort}${decorated.key}`,
    description: `compactContext with ${scriptText(script)}${ABORT_TEXT[abort] ?? `, abort ${abort}`}${decorated.text}`,
    operation,
  };
}

/** The call kinds of a scenario (one for a plain call; a program's compact steps, and the program itself). */
export function callKinds(scenario: Scenario): CallKind[] {
  const op = scenario.operation;
  if (op.kind === "compact") return [compactKind("compact", op.summarizer, op.abort, scenario.decorations)];
  if (op.kind === "program") {
    // Steps given objects earlier calls were given (ProgramReuse) are kinds of their own: a
    // submission that hangs only there still has the same compaction alone graded.
    const reused = op.reuse === undefined ? (kind: CallKind) => kind : (kind: CallKind) => ({ ...kind, key: `${kind.key}/reused`, description: `${kind.description}, with objects earlier calls were given` });
    const steps = op.steps.flatMap((step) => (step.kind === "compact" ? [reused(compactKind("program", step.summarizer, step.abort, undefined))] : []));
    return [...new Map([...steps, programKind()].map((k) => [k.key, k])).values()];
  }
  const decorated = decorationsOf(scenario.decorations);
  return [{ key: `${op.kind}${decorated.key}`, description: `${FUNCTION_OF[op.kind] ?? op.kind}${decorated.text}`, operation: op.kind }];
}

function programKind(): CallKind {
  return { key: "program", description: "compaction programs (several steps on one live context)", operation: "program" };
}

/** The call kinds a lost call of `scenario` is counted against. */
export function suspectKinds(scenario: Scenario): CallKind[] {
  const kinds = callKinds(scenario);
  if (scenario.operation.kind !== "program") return kinds;
  const neverSettling = kinds.filter((k) => k.key.startsWith("compact/never/"));
  return neverSettling.length > 0 ? neverSettling : [programKind()];
}

export interface HangBudget {
  /** Lost calls of one call kind before its scenarios are no longer run. */
  readonly perCallKind: number;
  /** Lost calls of one operation before it stops as a whole, once they spread over `spread` call kinds. */
  readonly perOperation: number;
  readonly spread: number;
}

/** Why a scenario is not run. */
export interface Skip {
  /** The call kind (or "operation:<kind>") that is no longer run. */
  readonly key: string;
  readonly description: string;
  readonly losses: number;
  /** The property during which its last counted call was lost. */
  readonly origin: string | null;
  /** The sentence a report shows. */
  readonly text: string;
}

/** The grade's root-cause analysis asks its questions as a pseudo-property of this name (src/grader/grade.ts). */
const ANALYSIS = "root causes";

function skippedText(entry: { readonly skippedCases: number; readonly skippedIn: ReadonlySet<string> }): string {
  const properties = [...entry.skippedIn].filter((id) => id !== ANALYSIS);
  const parts = [properties.length === 0 ? "" : `cases of ${properties.join(", ")} were not run and count as failed`, entry.skippedIn.has(ANALYSIS) ? "the root-cause analysis did not ask its questions of this kind" : ""];
  return `${entry.skippedCases} case(s) not run: ${parts.filter((p) => p !== "").join("; ")}`;
}

interface Tally {
  readonly kind: CallKind;
  losses: number;
  origin: string | null;
  skippedCases: number;
  readonly skippedIn: Set<string>;
}

/** Lost calls per call kind and per operation over a grade (one sandboxed child host). */
export class HangLedger {
  private readonly byKind = new Map<string, Tally>();
  private readonly byOperation = new Map<string, { losses: number; kinds: Set<string>; origin: string | null; skippedCases: number; readonly skippedIn: Set<string> }>();

  constructor(private readonly budget: HangBudget) {}

  noteLost(scenario: Scenario, propertyId: string | null): void {
    for (const kind of suspectKinds(scenario)) {
      const tally = this.byKind.get(kind.key) ?? { kind, losses: 0, origin: null, skippedCases: 0, skippedIn: new Set<string>() };
      tally.losses++;
      tally.origin = propertyId;
      this.byKind.set(kind.key, tally);
    }
    const operation = scenario.operation.kind;
    const entry = this.byOperation.get(operation) ?? { losses: 0, kinds: new Set<string>(), origin: null, skippedCases: 0, skippedIn: new Set<string>() };
    entry.losses++;
    entry.origin = propertyId;
    for (const kind of suspectKinds(scenario)) entry.kinds.add(kind.key);
    this.byOperation.set(operation, entry);
  }

  /** Why `scenario` is not run, or null; with `record`, it is counted as a case not run (of `propertyId`). */
  skip(scenario: Scenario, propertyId: string | null, record = true): Skip | null {
    const operation = scenario.operation.kind;
    const entry = this.byOperation.get(operation);
    if (entry !== undefined && entry.losses >= this.budget.perOperation && entry.kinds.size >= this.budget.spread) {
      if (record) entry.skippedCases++;
      if (record && propertyId !== null) entry.skippedIn.add(propertyId);
      const name = FUNCTION_OF[operation] ?? operation;
      return {
        key: `operation:${operation}`,
        description: `every call of ${name}`,
        losses: entry.losses,
        origin: entry.origin,
        text: `${entry.losses} earlier calls of ${name}, of ${entry.kinds.size} kinds, timed out or crashed, so no call of ${name} is run any more`,
      };
    }
    for (const kind of callKinds(scenario)) {
      const tally = this.byKind.get(kind.key);
      if (tally === undefined || tally.losses < this.budget.perCallKind) continue;
      if (record) tally.skippedCases++;
      if (record && propertyId !== null) tally.skippedIn.add(propertyId);
      return {
        key: kind.key,
        description: kind.description,
        losses: tally.losses,
        origin: tally.origin,
        text: `${tally.losses} earlier calls of this kind (${kind.description}) timed out or crashed${tally.origin === null ? "" : `, the last in ${tally.origin}`}, so calls of this kind are not run any more`,
      };
    }
    return null;
  }

  /** One line per kind that was skipped: what, why, and what it cost. */
  report(): string[] {
    const lines: string[] = [];
    for (const [operation, entry] of this.byOperation) {
      if (entry.skippedCases === 0) continue;
      const name = FUNCTION_OF[operation] ?? operation;
      lines.push(`not run: every call of ${name}, after ${entry.losses} lost calls (timeouts or crashes) of ${entry.kinds.size} kinds; ${skippedText(entry)}`);
    }
    for (const tally of this.byKind.values()) {
      if (tally.skippedCases === 0) continue;
      lines.push(`not run: ${tally.kind.description}, after ${tally.losses} such calls timed out or crashed${tally.origin === null ? "" : ` (the last in ${tally.origin})`}; ${skippedText(tally)}; every other kind was still run`);
    }
    return lines;
  }
}
