// groups: groupToolRounds(transcript).
import type { Operation } from "../../scenario/scenario";
import { syncRun, type OperationEnv, type RawRun } from "./env";

export function runGroups(op: Extract<Operation, { kind: "groups" }>, env: OperationEnv): RawRun {
  const group = env.exportFn("groupToolRounds");
  const transcript = env.live(op.transcript, "input");
  return syncRun(env, group, [transcript], env.track(transcript, false));
}
