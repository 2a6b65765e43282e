import fc from "fast-check";
import { allProperties } from "../../properties";
import { strengthProperties } from "../../properties/strength";
import { createInProcessHost } from "../../src/grader/in-process-host";
import { runProperty, type PropertyRun } from "../../src/grader/run-property";
import { messagesIn, type Expected, type Host, type Observation, type PropertyDefinition, type Scenario } from "../../src/scenario";
import type { Mutant, MutantArea } from "./catalogue";
import { loadMutant } from "./loader";

// Running property suites against mutants: the first killing property (for the test) or
// every property (for docs/kill-matrix.md). A mutant is killed when a property's verdict
// fails on it; a harness error is not a kill.

/** The suites a mutant must face: every registered property, plus the strength family until it is registered. */
export function suiteProperties(): readonly PropertyDefinition[] {
  const ids = new Set(allProperties.map((p) => p.id));
  return [...allProperties, ...strengthProperties.filter((p) => !ids.has(p.id))];
}

/** Families most likely to kill a mutant of each area; tried first, in this order. */
const AFFINITY: Readonly<Record<MutantArea, readonly string[]>> = {
  "tool-pairing": ["groups", "boundary"],
  boundary: ["boundary"],
  units: ["units"],
  input: ["strength", "hostile", "differential", "atomicity"],
  "fast-path": ["fast-path"],
  compaction: ["compaction", "differential", "atomicity"],
  atomicity: ["atomicity"],
  async: ["strength", "async", "differential"],
};

/** The mutant's hinted killers, then its area's families, then everything else, in suite order. */
export function killOrder(mutant: Mutant, properties: readonly PropertyDefinition[]): PropertyDefinition[] {
  const hinted = (mutant.killers ?? []).map((id) => properties.find((p) => p.id === id)).filter((p): p is PropertyDefinition => p !== undefined);
  const families = AFFINITY[mutant.area];
  const rank = (p: PropertyDefinition) => {
    const at = families.indexOf(p.family);
    return at === -1 ? families.length : at;
  };
  const rest = properties.filter((p) => !hinted.includes(p)).map((p, index) => ({ p, index }));
  rest.sort((a, b) => rank(a.p) - rank(b.p) || a.index - b.index);
  return [...hinted, ...rest.map((entry) => entry.p)];
}

export { messagesIn };

export interface RunSettings {
  readonly seed: number;
  readonly numRuns: number;
  /** Shrink a failure to its smallest counterexample (slow); otherwise stop at the first failing case. */
  readonly shrink: boolean;
}

export interface PropertyVerdict {
  readonly propertyId: string;
  readonly status: PropertyRun["status"];
  /** Messages in the (shrunk, when asked) counterexample. */
  readonly messages: number | null;
  readonly message?: string;
  readonly counterexample?: Scenario;
  readonly observation?: Observation;
  readonly expected?: Expected;
}

export interface MutantHosts {
  readonly subject: Host;
  readonly reference: Host;
}

export async function hostsFor(mutant: Mutant, reference: Host): Promise<MutantHosts> {
  return { subject: createInProcessHost(await loadMutant(mutant)), reference };
}

export async function runOne(property: PropertyDefinition, hosts: MutantHosts, settings: RunSettings): Promise<PropertyVerdict> {
  const global = fc.readConfigureGlobal();
  fc.configureGlobal({ ...global, endOnFailure: !settings.shrink });
  try {
    const run = await runProperty(property, hosts.subject, {
      seed: settings.seed,
      numRuns: settings.numRuns,
      reference: property.needsReference === true ? hosts.reference : null,
    });
    return {
      propertyId: property.id,
      status: run.status,
      messages: run.status === "passed" ? null : messagesIn(run.counterexample),
      ...(run.message === undefined ? {} : { message: run.message }),
      ...(run.counterexample === undefined ? {} : { counterexample: run.counterexample }),
      ...(run.observation === undefined ? {} : { observation: run.observation }),
      ...(run.expected === undefined ? {} : { expected: run.expected }),
    };
  } finally {
    fc.configureGlobal(global);
  }
}

/** Tries properties in kill order; stops at the first whose verdict fails. */
export async function firstKill(
  mutant: Mutant,
  hosts: MutantHosts,
  properties: readonly PropertyDefinition[],
  settings: RunSettings,
): Promise<{ readonly kill: PropertyVerdict | null; readonly errors: readonly PropertyVerdict[]; readonly tried: number }> {
  const errors: PropertyVerdict[] = [];
  let tried = 0;
  for (const property of killOrder(mutant, properties)) {
    tried++;
    const verdict = await runOne(property, hosts, settings);
    if (verdict.status === "failed") return { kill: verdict, errors, tried };
    if (verdict.status === "error") errors.push(verdict);
  }
  return { kill: null, errors, tried };
}
