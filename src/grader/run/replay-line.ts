// How a failing run is replayed, in one place so the CLI issue can switch it to
// `npx compaction-check replay <file>` without touching the runner.
import type { PropertyRun } from "../run-property";

/**
 * A one-line replay command for the property test (`FC_SEED`/`FC_PATH` pin fast-check; the
 * vitest name filter is the property id), then the counterexample scenario as JSON.
 */
export function formatReplay(run: PropertyRun): string {
  const path = run.path === undefined ? "" : ` FC_PATH=${run.path}`;
  const command = `FC_SEED=${run.seed}${path} npx vitest run -t "${run.id}"`;
  return run.counterexample === undefined ? command : `${command}\ncounterexample: ${JSON.stringify(run.counterexample)}`;
}
