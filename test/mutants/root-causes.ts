import { analyzeRootCauses } from "../../src/grader/root-cause/analyze";
import { printedSize } from "../../src/grader/report/notation";
import type { RootCause } from "../../src/grader/result";
import type { PropertyDefinition } from "../../src/scenario";
import { messagesIn, runOne, type MutantHosts, type PropertyVerdict, type RunSettings } from "./matrix";

// Root causes of a mutant's failures (src/grader/root-cause) and how small each one's
// counterexample shrinks (issue 13): a mutant has one defect, so its report should name one
// root cause, with a counterexample of at most 6 messages and 400 printed characters.

export const MAX_SMALL_PRINTED_CHARACTERS = 400;
export const MAX_SMALL_MESSAGES = 6;

export interface MutantRootCause {
  readonly id: string;
  /** The title and explanation a report prints (tests read their words: src/grader/report/plain-words.ts). */
  readonly title: string;
  readonly explanation: string;
  readonly properties: number;
  /** The property whose counterexample stands for it, shrunk. */
  readonly shrunkFrom: string | null;
  readonly messages: number | null;
  readonly printed: number | null;
}

export function isSmall(cause: MutantRootCause): boolean {
  return cause.messages !== null && cause.printed !== null && cause.messages <= MAX_SMALL_MESSAGES && cause.printed <= MAX_SMALL_PRINTED_CHARACTERS;
}

/**
 * Groups `failed` (verdicts of the mutant, unshrunk) into root causes; with `shrink`, runs
 * properties of each root cause again with shrinking and measures the smallest counterexample.
 * `analyzed` receives the analysis' root causes as a grade has them (the rubric's losses are
 * measured from them: scripts/rubric/loss-rows.ts).
 */
export async function mutantRootCauses(hosts: MutantHosts, properties: readonly PropertyDefinition[], failed: readonly PropertyVerdict[], settings: Omit<RunSettings, "shrink"> & { readonly shrink: boolean }, analyzed?: (causes: readonly RootCause[]) => void | Promise<void>): Promise<MutantRootCause[]> {
  const failures = failed.filter((v) => v.status === "failed").map((v) => ({ ...v, id: v.propertyId, title: v.propertyId }));
  const analysis = await analyzeRootCauses(failures, { definitions: properties, subject: hosts.subject, reference: hosts.reference });
  await analyzed?.(analysis.rootCauses);
  const out: MutantRootCause[] = [];
  for (const cause of analysis.rootCauses) {
    // A grade shrinks every failure and shows the smallest: approximated by shrinking the
    // representative and at most two more of the root cause's own family, keeping the smallest.
    const ownFamily = cause.properties.filter((id) => id.startsWith(`${cause.id}.`) && id !== cause.counterexampleOf);
    const candidates = [cause.counterexampleOf, ...ownFamily].filter((id): id is string => id !== undefined).slice(0, settings.shrink ? 3 : 1);
    let best: { readonly id: string; readonly messages: number | null; readonly printed: number | null } | null = null;
    for (const id of candidates) {
      const property = properties.find((p) => p.id === id);
      if (property === undefined) continue;
      const scenario = settings.shrink ? (await runOne(property, hosts, { seed: settings.seed, numRuns: settings.numRuns, shrink: true })).counterexample : failed.find((v) => v.propertyId === id)?.counterexample;
      if (scenario === undefined) continue;
      const measured = { id, messages: messagesIn(scenario), printed: printedSize(scenario) };
      if (best === null || (measured.messages ?? Infinity) * 1e6 + measured.printed < (best.messages ?? Infinity) * 1e6 + (best.printed ?? Infinity)) best = measured;
    }
    out.push({ id: cause.id, title: cause.title, explanation: cause.explanation, properties: cause.properties.length, shrunkFrom: best?.id ?? null, messages: best?.messages ?? null, printed: best?.printed ?? null });
  }
  return out;
}
