// boundary: selectCompactionBoundary(context, options), the context plain or prebuilt.
import type { Operation } from "../../scenario/scenario";
import { setupFailed, syncRun, type OperationEnv, type RawRun } from "./env";

export function runBoundary(op: Extract<Operation, { kind: "boundary" }>, env: OperationEnv): RawRun {
  const select = env.exportFn("selectCompactionBoundary");
  const input = env.live(op.context, "input");
  let context = input;
  if (op.prebuilt) {
    const built = env.prebuild(input);
    if (!built.ok) return setupFailed(built.error, env.track(input, false));
    context = built.context;
  }
  const options = env.live(op.options, "options");
  return syncRun(env, select, [context, options], env.track(context, op.prebuilt));
}
