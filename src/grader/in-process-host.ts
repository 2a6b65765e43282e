// The in-process host: the driver runs in this very process, next to the judge. Fast, and
// fine for our own core and the mutant catalogue; never for untrusted submissions.
import { createDriver } from "../driver/index";
import type { Host, HostDescription } from "../scenario/host";

export interface InProcessHostOptions {
  /** Per-call timeout for asynchronous operations (the driver's default when absent). */
  readonly timeoutMs?: number;
}

const DESCRIPTION: HostDescription = Object.freeze({
  kind: "in-process",
  isolation: Object.freeze([]),
  warnings: Object.freeze(["in-process: no isolation; for trusted subjects only"]),
});

export function createInProcessHost(subject: Record<string, unknown>, opts: InProcessHostOptions = {}): Host {
  const driver = createDriver(subject);
  const observeOptions = opts.timeoutMs === undefined ? {} : { timeoutMs: opts.timeoutMs };
  return {
    description: DESCRIPTION,
    observe: (scenario) => driver.observe(scenario, observeOptions),
    close: async () => {},
  };
}
