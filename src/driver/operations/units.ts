// units: estimateContextUnits of the plain input, or of buildActiveContext(input) when prebuilt.
import type { Operation } from "../../scenario/scenario";
import { setupFailed, syncRun, type OperationEnv, type RawRun } from "./env";

export function runUnits(op: Extract<Operation, { kind: "units" }>, env: OperationEnv): RawRun {
  const estimate = env.exportFn("estimateContextUnits");
  const input = env.live(op.input, "input");
  if (!op.prebuilt) return syncRun(env, estimate, [input], env.track(input, false));
  const built = env.prebuild(input);
  if (!built.ok) return setupFailed(built.error, env.track(input, false));
  return syncRun(env, estimate, [built.context], env.track(built.context, true));
}
