import type { Scenario } from "./scenario";
import type { Observation } from "./observation";

export interface HostDescription {
  readonly kind: "in-process" | "child-process";
  /** What isolation is in force, in words for the report (permission model, network, memory). */
  readonly isolation: readonly string[];
  /** What could not be enforced on this machine, for the report's warnings. */
  readonly warnings: readonly string[];
}

/** Where the driver runs: decides nothing, only returns observations. */
export interface Host {
  readonly description: HostDescription;
  observe(scenario: Scenario): Promise<Observation>;
  close(): Promise<void>;
}
