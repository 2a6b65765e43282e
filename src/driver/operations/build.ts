// build: buildActiveContext(input); with `twice`, the result is passed back in and must come
// back as the very same object (contract §3).
import type { Operation } from "../../scenario/scenario";
import { defineData } from "../read";
import { rawRunOf, type OperationEnv, type RawRun } from "./env";

export function runBuild(op: Extract<Operation, { kind: "build" }>, env: OperationEnv): RawRun {
  const build = env.exportFn("buildActiveContext");
  const input = env.live(op.input, "input");
  const tracker = env.track(input, false);
  const attempt = env.call(build, [input]);
  const identity: Record<string, boolean> = {};
  if (attempt.kind === "returned") {
    defineData(identity, "resultIsInput", attempt.value === input);
    if (op.twice === true) {
      const again = env.call(build, [attempt.value]);
      defineData(identity, "rebuildIsSame", again.kind === "returned" && again.value === attempt.value);
      defineData(identity, "rebuildThrew", again.kind === "threw");
    }
  }
  return rawRunOf(env, attempt, tracker, identity);
}
