// units: estimateContextUnits of the plain input, or of buildActiveContext(input) when prebuilt.
import type { Operation } from "../../scenario/scenario";
import { contextArgument, syncRun, type OperationEnv, type RawRun } from "./env";

export function runUnits(op: Extract<Operation, { kind: "units" }>, env: OperationEnv): RawRun {
  const estimate = env.exportFn("estimateContextUnits");
  const argument = contextArgument(env, op.input, op.prebuilt);
  if (!argument.ok) return argument.run;
  return syncRun(env, estimate, [argument.context], env.track(argument.context, op.prebuilt));
}
