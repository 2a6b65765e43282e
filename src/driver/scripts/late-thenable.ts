// lateThenable: generic thenables whose `then` delivers in a later job, not inside the call
// (contract §7 step 5: the outcome is taken when a resolver is called, whenever that is).
// - shape "deliversLater": `depth` (1–8) thenables, each delivering the next from a job it
//   schedules (`when`: "microtask" or "macrotask"), the last delivering `text`.
// - shape "throwsThenResolves": a then that schedules fulfil(text) for later and then throws:
//   the throw came before any resolver call, so CONTEXT_SUMMARIZER_FAILED, and the later
//   fulfilment is ignored.
// - shape "returnsTextThenResolves": a then that schedules fulfil(text) for later and returns
//   the string `returned` before any resolver call: what a then returns is never the value
//   (only an object returned is observed), so the later fulfilment, `text`, is the summary.
//   With `returns: "thenable"` it returns a generic thenable that delivers `returned` at once
//   instead: observed (its then called once), still not the value.
import type { Json } from "../../scenario/data";
import { numberIsSafeInteger, queueMicrotaskIntrinsic, setImmediateIntrinsic } from "../intrinsics";
import { ScenarioError } from "../scenario-error";
import type { ScriptContext, ScriptKind } from "./registry";
import { countedThenable } from "./thenables";

const MAX_DEPTH = 8;

function schedule(when: unknown, job: () => void): void {
  if (when === "macrotask") setImmediateIntrinsic(job);
  else queueMicrotaskIntrinsic(job);
}

function deliversLater(ctx: ScriptContext, depth: number, when: unknown, text: Json): unknown {
  let next: unknown = null;
  for (let level = depth - 1; level >= 0; level--) {
    const deliver = next;
    const isLast = level === depth - 1;
    next = countedThenable(ctx, "late", (r) => {
      schedule(when, () => {
        if (isLast) ctx.settling();
        r.fulfil(isLast ? text : deliver);
      });
    });
  }
  return next;
}

function throwsThenResolves(ctx: ScriptContext, when: unknown, text: Json): unknown {
  return countedThenable(ctx, "late", (r) => {
    schedule(when, () => r.fulfil(text));
    ctx.settling();
    throw new Error("then threw before resolving");
  });
}

function returnsTextThenResolves(ctx: ScriptContext, when: unknown, text: Json, returned: Json, asThenable: boolean): unknown {
  return countedThenable(ctx, "late", (r) => {
    schedule(when, () => {
      ctx.settling();
      r.fulfil(text);
    });
    return asThenable ? countedThenable(ctx, "returned", (inner) => inner.fulfil(returned)) : returned;
  });
}

export const lateThenableScript: ScriptKind = {
  kind: "lateThenable",
  validate(script) {
    if (script.shape !== "deliversLater" && script.shape !== "throwsThenResolves" && script.shape !== "returnsTextThenResolves") throw new ScenarioError("lateThenable needs `shape` deliversLater, throwsThenResolves or returnsTextThenResolves");
    if (script.shape === "returnsTextThenResolves" && typeof script.returned !== "string") throw new ScenarioError("lateThenable returnsTextThenResolves needs a string `returned`");
    if (script.returns !== undefined && (script.shape !== "returnsTextThenResolves" || script.returns !== "thenable")) throw new ScenarioError("lateThenable: `returns` is \"thenable\", with shape returnsTextThenResolves");
    if (script.when !== "microtask" && script.when !== "macrotask") throw new ScenarioError("lateThenable needs `when` microtask or macrotask");
    const depth = script.depth;
    if (typeof depth !== "number" || !numberIsSafeInteger(depth) || depth < 1 || depth > MAX_DEPTH) throw new ScenarioError(`lateThenable needs an integer \`depth\` from 1 to ${MAX_DEPTH}`);
    if (typeof script.text !== "string") throw new ScenarioError("lateThenable needs a string `text`");
  },
  invoke(script, ctx) {
    const text = script.text as Json;
    if (script.shape === "throwsThenResolves") return throwsThenResolves(ctx, script.when, text);
    if (script.shape === "returnsTextThenResolves") return returnsTextThenResolves(ctx, script.when, text, script.returned as Json, script.returns === "thenable");
    return deliversLater(ctx, script.depth as number, script.when, text);
  },
};
