import { CONTRACT_EXPORT_NAMES, type ExportFact, type ExportFacts } from "./sandbox/child/protocol";
import { checkConformance } from "./conformance";
import { describeThrown } from "./errors";
import { createInProcessHost, type InProcessHostOptions } from "./in-process-host";
import type { GradedHost, Prepared } from "./prepare";

// The in-process counterpart of prepareSubmission, for a module the user trusts (their own
// implementation under vitest): same gates (load, conformance) and the same gradeProperty
// afterwards, without the sandbox. Nothing can be detected about tampering here: the module
// shares the judge's globals, which is why `grade` never does this.

export async function prepareInProcess(load: () => unknown, options: InProcessHostOptions = {}): Promise<Prepared> {
  let subject: Record<string, unknown>;
  try {
    subject = (await load()) as Record<string, unknown>;
  } catch (error) {
    return { entry: "(in-process)", host: null, failure: `it threw at import: ${describeThrown(error)}`, problems: new Map(), fingerprint: null, startHost: oneJob, dispose: async () => {} };
  }
  if (subject === null || (typeof subject !== "object" && typeof subject !== "function")) {
    return { entry: "(in-process)", host: null, failure: `the loader returned ${typeof subject}, not a module namespace`, problems: new Map(), fingerprint: null, startHost: oneJob, dispose: async () => {} };
  }
  const inner = createInProcessHost(subject, options);
  const host: GradedHost = {
    description: inner.description,
    observe: (scenario) => inner.observe(scenario),
    close: () => inner.close(),
    tampering: null,
    beginProperty: () => {},
    propertyState: () => ({ budgetExhausted: false, lastLost: null, losses: 0 }),
    warnings: () => [...inner.description.warnings],
  };
  return { entry: "(in-process)", host, failure: null, problems: checkConformance(exportFacts(subject)), fingerprint: null, startHost: oneJob, dispose: () => host.close() };
}

/** In-process grading runs its properties one after the other (`jobs` 1): one module, one host. */
function oneJob(): Promise<GradedHost> {
  return Promise.reject(new Error("in-process grading runs one job at a time"));
}

/** The facts the sandboxed child reports at load, read directly (a trusted module has no hostile getters to fear). */
function exportFacts(subject: Record<string, unknown>): ExportFacts {
  const facts: Record<string, ExportFact> = {};
  for (const name of CONTRACT_EXPORT_NAMES) {
    const present = Object.hasOwn(subject, name);
    const value = present ? subject[name] : undefined;
    facts[name] = {
      present,
      typeOf: typeof value,
      extendsError: typeof value === "function" && value.prototype instanceof Error,
      number: typeof value === "number" ? value : null,
    };
  }
  return facts;
}
