import { analyzeRootCauses } from "../../src/grader/root-cause/analyze";
import { printedSize } from "../../src/grader/report/notation";
import type { PropertyDefinition } from "../../src/scenario";
import { messagesIn, runOne, type MutantHosts, type PropertyVerdict, type RunSettings } from "./matrix";

// Root causes of a mutant's failures (src/grader/root-cause) and how small each one's
// counterexample shrinks (issue 13): a mutant has one defect, so its report should name one
// root cause, with a counterexample of at most 6 messages and 400 printed characters.

export const MAX_SMALL_PRINTED_CHARACTERS = 400;
export const MAX_SMALL_MESSAGES = 6;

export interface MutantRootCause {
  readonly id: string;
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
 * Groups `failed` (verdicts of the mutant, unshrunk) into root causes; with `shrink`, runs each
 * root cause's smallest property again with shrinking and measures that counterexample.
 */
export async function mutantRootCauses(hosts: MutantHosts, properties: readonly PropertyDefinition[], failed: readonly PropertyVerdict[], settings: Omit<RunSettings, "shrink"> & { readonly shrink: boolean }): Promise<MutantRootCause[]> {
  const failures = failed.filter((v) => v.status === "failed").map((v) => ({ ...v, id: v.propertyId, title: v.propertyId }));
  const analysis = await analyzeRootCauses(failures, { definitions: properties, subject: hosts.subject, reference: hosts.reference });
  const out: MutantRootCause[] = [];
  for (const cause of analysis.rootCauses) {
    const property = properties.find((p) => p.id === cause.counterexampleOf);
    let scenario = cause.counterexample;
    if (settings.shrink && property !== undefined) {
      const shrunk = await runOne(property, hosts, { seed: settings.seed, numRuns: settings.numRuns, shrink: true });
      if (shrunk.counterexample !== undefined) scenario = shrunk.counterexample;
    }
    out.push({
      id: cause.id,
      properties: cause.properties.length,
      shrunkFrom: property?.id ?? null,
      messages: scenario === undefined ? null : messagesIn(scenario),
      printed: scenario === undefined ? null : printedSize(scenario),
    });
  }
  return out;
}
