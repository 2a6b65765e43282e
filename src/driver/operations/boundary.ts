// boundary: selectCompactionBoundary(context, options), the context plain or prebuilt.
import type { Operation } from "../../scenario/scenario";
import { contextArgument, syncRun, type OperationEnv, type RawRun } from "./env";

export function runBoundary(op: Extract<Operation, { kind: "boundary" }>, env: OperationEnv): RawRun {
  const select = env.exportFn("selectCompactionBoundary");
  const argument = contextArgument(env, op.context, op.prebuilt);
  if (!argument.ok) return argument.run;
  const options = env.live(op.options, "options");
  return syncRun(env, select, [argument.context, options], env.track(argument.context, op.prebuilt));
}
