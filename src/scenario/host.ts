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
  /**
   * Optional: the observations of many scenarios, read in order with `next` (each exactly what
   * `observe` would have returned at that point). A host across a process boundary runs them in
   * batches; the runner stops reading at the first failure and calls `close`.
   */
  observeMany?(scenarios: readonly Scenario[]): ObservationStream;
  /**
   * Optional: loads the subject anew (a fresh instance of its module), so that nothing earlier
   * calls left in it reaches the next one; false when it could not. Used by the root-cause
   * analysis to tell answers that depend on earlier calls.
   */
  fresh?(): Promise<boolean>;
  close(): Promise<void>;
}

export interface ObservationStream {
  next(): Promise<Observation>;
  /** No more reads: whatever is still running is abandoned. */
  close(): void;
}
