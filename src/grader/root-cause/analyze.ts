import type { Host } from "../../scenario/host";
import type { Observation } from "../../scenario/observation";
import type { PropertyDefinition } from "../../scenario/property";
import type { Scenario } from "../../scenario/scenario";
import { messagesIn } from "../../scenario/size";
import type { Expected } from "../../scenario/expected";
import type { RootCause, UpstreamDifference } from "../result";
import { expectedCut, observedCut } from "../report/cuts";
import { printedSize } from "../report/notation";
import { LAYER_TEXT, READING_TEXT } from "./layers";
import { UpstreamProbe } from "./probe";
import { localize } from "./localize";
import { LAYERS } from "./recheck";
import { FACT_LAYERS } from "./facts";
import { CONTRACT_CLASS } from "../sandbox/child/protocol";

// Groups failed properties into root causes. A failure is attributed to an upstream root cause
// (build, options, units, groups, boundary, compaction, async) or an observed fact (frozen-ness,
// identity...: facts.ts) only when a re-check shows it (recheck.ts); otherwise it is its
// own root cause. Properties not run because an export they call is missing or of the wrong kind
// are one root cause, "exports", first, naming every export with a problem (with the error class
// missing, the failures whose only difference is "not a ContextCompactionError" join it); other failures without a
// counterexample are grouped by their message. The score does not change: this only explains it.

export interface FailureInput {
  readonly id: string;
  readonly title: string;
  readonly message?: string;
  readonly counterexample?: Scenario;
  readonly observation?: Observation;
  readonly expected?: Expected;
  readonly replay?: string;
}

export interface RootCauseAnalysis {
  readonly rootCauses: readonly RootCause[];
  /** Failed property id → root cause id. */
  readonly causeOf: ReadonlyMap<string, string>;
  /** Failed property id → every upstream layer its re-check needed, when it needed more than one. */
  readonly combined: ReadonlyMap<string, readonly string[]>;
  /** Calls made to the subject for its upstream answers. */
  readonly probes: number;
}

export interface AnalyzeOptions {
  readonly definitions: readonly PropertyDefinition[];
  /** The graded subject (asked for its upstream answers), or null to attribute nothing. */
  readonly subject: Host | null;
  readonly reference: Host | null;
  /** The submission's exports that are missing or of the wrong kind (conformance.ts), by name. */
  readonly conformance?: ReadonlyMap<string, string>;
}

/** The root cause of exports missing or of the wrong kind. */
export const EXPORTS_CAUSE = "exports";

interface Attributed {
  readonly failure: FailureInput;
  readonly cause: string;
  readonly differences: readonly UpstreamDifference[];
  /** Its re-check needed the answers of more than one layer: it shows this root cause less clearly. */
  readonly combined?: boolean;
  /** Explained by the subject's reading of the very input or options (./decorated). */
  readonly reading?: "input" | "options";
}

export async function analyzeRootCauses(failures: readonly FailureInput[], options: AnalyzeOptions): Promise<RootCauseAnalysis> {
  const byId = new Map(options.definitions.map((d) => [d.id, d]));
  const probe = options.subject === null ? null : new UpstreamProbe(options.subject);
  const attributed: Attributed[] = [];
  const combined = new Map<string, readonly string[]>();
  for (const failure of failures) {
    const def = byId.get(failure.id);
    if (failure.counterexample === undefined || failure.observation === undefined || def === undefined || probe === null) {
      attributed.push({ failure, cause: failure.counterexample === undefined ? notRunId(failure) : failure.id, differences: [] });
      continue;
    }
    let result: Awaited<ReturnType<typeof localize>>;
    try {
      result = await localize({ def, scenario: failure.counterexample, observation: failure.observation }, probe, options.reference);
    } catch {
      // The model cannot judge again with answers that are no contract data (a built context
      // holding NaN, which J does not define): this failure alone stays its own root cause.
      attributed.push({ failure, cause: failure.id, differences: [] });
      continue;
    }
    const needsMore = (result.needs?.length ?? 0) > 1;
    const differences = result.differences.map(({ layer, question, subject, contract }) => ({ layer, question, subject, contract }));
    attributed.push({ failure, cause: result.layer ?? failure.id, differences, combined: needsMore, ...(result.reading === undefined ? {} : { reading: result.reading }) });
    if (needsMore) combined.set(failure.id, result.needs!);
  }
  const conformance = options.conformance ?? new Map<string, string>();
  const causes = new Map<string, Attributed[]>();
  for (const entry of exportsJoined(readingsJoined(attributed), conformance)) causes.set(entry.cause, [...(causes.get(entry.cause) ?? []), entry]);
  const rootCauses = [...causes.entries()].map(([id, members]) => (id === EXPORTS_CAUSE ? exportsCause(members, conformance) : rootCause(id, members, byId)));
  // Missing exports first (nothing else can be judged right without them), then upstream causes
  // (they explain the most), then by how many properties each explains.
  const ranked: readonly string[] = [EXPORTS_CAUSE, ...LAYERS, ...FACT_LAYERS];
  const rank = (cause: RootCause) => { const at = ranked.indexOf(cause.id); return at === -1 ? ranked.length : at; };
  rootCauses.sort((a, b) => rank(a) - rank(b) || b.properties.length - a.properties.length);
  const causeOf = new Map(rootCauses.flatMap((cause) => cause.properties.map((id): [string, string] => [id, cause.id])));
  return { rootCauses, causeOf, combined, probes: probe?.calls ?? 0 };
}

/**
 * Options are read as data like inputs (§6), by the same reading: when the subject's reading of
 * an input explains some failures (under "build") and its reading of the very options others
 * (under "options", ./decorated), they are one root cause, "build", whose title names both.
 * Options answered otherwise as plain data (the options question, ./options) stay "options".
 */
function readingsJoined(attributed: readonly Attributed[]): readonly Attributed[] {
  if (!attributed.some((a) => a.cause === "build")) return attributed;
  return attributed.map((a) => (a.cause === "options" && a.reading === "options" ? { ...a, cause: "build" } : a));
}

/** Failures a missing or wrong export explains: not run for it, or (the error class missing) judged not to throw it. */
function exportsJoined(attributed: readonly Attributed[], conformance: ReadonlyMap<string, string>): readonly Attributed[] {
  if (conformance.size === 0) return attributed;
  const problems = [...conformance.values()];
  const notRunFor = (a: Attributed) => a.failure.counterexample === undefined && a.failure.message?.startsWith("not run: ") === true && problems.some((p) => a.failure.message!.includes(p));
  // Without the class, a rejection with the right code still reads "not a ContextCompactionError".
  const onlyTheClass = (a: Attributed) => a.cause === "error-class" || (a.differences.length > 0 && a.differences.every((d) => d.subject.includes(`not a ${CONTRACT_CLASS}`)));
  const classMissing = conformance.has(CONTRACT_CLASS);
  return attributed.map((a) => (notRunFor(a) || (classMissing && onlyTheClass(a)) ? { ...a, cause: EXPORTS_CAUSE } : a));
}

function exportsCause(members: readonly Attributed[], conformance: ReadonlyMap<string, string>): RootCause {
  const names = [...conformance.keys()];
  return {
    id: EXPORTS_CAUSE,
    title: `Exports missing or of the wrong kind (contract §1): ${names.join(", ")}`,
    explanation: `${[...conformance.values()].join("; ")}. A property whose scenarios call a missing function is not run; without ${CONTRACT_CLASS} no error can be recognised as one. Export every name of contract §1 first: the properties listed follow.`,
    properties: members.map((m) => m.failure.id),
  };
}

function notRunId(failure: FailureInput): string {
  return `not-run: ${failure.message ?? "no counterexample"}`;
}

function rootCause(id: string, members: readonly Attributed[], byId: ReadonlyMap<string, PropertyDefinition>): RootCause {
  // The smallest that shows this root cause alone; among equals, one of its own family (a groups property for "groups").
  const ownFamily = (m: Attributed) => (m.failure.id.startsWith(`${id}.`) ? 0 : 1);
  const alone = (m: Attributed) => (m.combined === true ? 1 : 0);
  const smallest = [...members].filter((m) => m.failure.counterexample !== undefined).sort((a, b) => alone(a) - alone(b) || size(a.failure) - size(b.failure) || ownFamily(a) - ownFamily(b))[0];
  const readsOptions = id === "build" && members.some((m) => m.reading === "options");
  const layer = readsOptions ? READING_TEXT : LAYER_TEXT[id as keyof typeof LAYER_TEXT];
  const first = members[0]!.failure;
  const def = byId.get(first.id);
  const title = layer?.title ?? (id.startsWith("not-run: ") ? `Not run: ${first.message ?? ""}`.replace("Not run: not run: ", "Not run: ") : first.title);
  const explanation = layer?.explanation ?? (def === undefined ? (first.message ?? "") : `${def.catches} (${def.specRef})`);
  const pick = smallest?.failure;
  const drawable = [...members].filter((m) => hasCut(m.failure.counterexample)).sort((a, b) => alone(a) - alone(b) || cutRank(a.failure) - cutRank(b.failure) || size(a.failure) - size(b.failure))[0]?.failure;
  const shown = (m: Attributed | undefined) => (m === undefined ? [] : m.differences.filter((d) => d.layer === id || (readsOptions && d.layer === "options")));
  // Joined readings show one reading of each: the smallest's, then one of the other.
  const other = readsOptions ? members.find((m) => (m.reading === "options") !== (smallest?.reading === "options")) : undefined;
  const differences = [...shown(smallest), ...shown(other).slice(0, 1)];
  return {
    id: id.startsWith("not-run: ") ? `not-run-${slug(first.message ?? "")}` : id,
    title,
    explanation,
    ...(pick?.counterexample === undefined ? {} : { counterexample: pick.counterexample, counterexampleOf: pick.id }),
    ...(pick?.observation === undefined ? {} : { observation: pick.observation }),
    ...(pick?.expected === undefined ? {} : { expected: pick.expected }),
    ...(differences.length === 0 ? {} : { differences }),
    ...(pick?.replay === undefined ? {} : { replay: pick.replay }),
    ...(drawable?.counterexample === undefined
      ? {}
      : {
          illustration: {
            propertyId: drawable.id,
            counterexample: drawable.counterexample,
            ...(drawable.observation === undefined ? {} : { observation: drawable.observation }),
            ...(drawable.expected === undefined ? {} : { expected: drawable.expected }),
          },
        }),
    properties: members.map((m) => m.failure.id),
  };
}

/** A boundary or compaction call over at least one message, without hostile decorations. */
function hasCut(scenario: Scenario | undefined): boolean {
  const kind = scenario?.operation.kind;
  return (kind === "boundary" || kind === "compact") && (scenario?.decorations?.length ?? 0) === 0 && (messagesIn(scenario) ?? 0) > 0;
}

/** Best drawn first: the two cuts at different messages, then at least one cut, then none. */
function cutRank(failure: FailureInput): number {
  const scenario = failure.counterexample!;
  const expected = expectedCut(scenario, failure.expected);
  const observed = observedCut(scenario, failure.observation);
  if (typeof expected === "number" && typeof observed === "number" && expected !== observed) return 0;
  if (typeof expected === "number" || typeof observed === "number") return 1;
  return 2;
}

/** Smaller is easier to read: fewer messages first, then less text. */
function size(failure: FailureInput): number {
  return (messagesIn(failure.counterexample) ?? 0) * 1_000_000 + Math.min(999_999, printedSize(failure.counterexample));
}

function slug(text: string): string {
  return text.toLowerCase().replace(/^not run: /, "").replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 40) || "unknown";
}
