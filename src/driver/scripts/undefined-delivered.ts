// undefinedDelivered: a generic thenable whose then calls resolve(undefined) inside the call
// (contract §7 step 5: a fulfilment is adopted one level deeper, and a primitive is the result;
// step 6: undefined is not a string, so CONTEXT_SUMMARY_INVALID). `after` says what the then
// does next, `when` says when ("inCall": right after, still inside then; "microtask" or
// "macrotask": in a job it schedules):
// - "nothing": no other resolver call (a reader that takes undefined for "nothing delivered
//   yet" waits for ever);
// - "text": fulfil(`text`), ignored (resolvers act once);
// - "rejects": reject(an Error), ignored as well.
import type { Json } from "../../scenario/data";
import { ErrorCtor, queueMicrotaskIntrinsic, setImmediateIntrinsic } from "../intrinsics";
import { ScenarioError } from "../scenario-error";
import type { ScriptKind } from "./registry";
import { countedThenable, type Resolvers } from "./thenables";

function later(when: unknown, job: () => void): void {
  if (when === "inCall") job();
  else if (when === "macrotask") setImmediateIntrinsic(job);
  else queueMicrotaskIntrinsic(job);
}

export const undefinedDeliveredScript: ScriptKind = {
  kind: "undefinedDelivered",
  validate(script) {
    if (script.after !== "nothing" && script.after !== "text" && script.after !== "rejects") throw new ScenarioError("undefinedDelivered needs `after` nothing, text or rejects");
    if (script.after === "text" && typeof script.text !== "string") throw new ScenarioError("undefinedDelivered with `after` text needs a string `text`");
    if (script.after !== "nothing" && script.when !== "inCall" && script.when !== "microtask" && script.when !== "macrotask") throw new ScenarioError("undefinedDelivered needs `when` inCall, microtask or macrotask");
  },
  invoke(script, ctx) {
    const after = script.after;
    const text = script.text as Json;
    return countedThenable(ctx, "undefined", (r: Resolvers) => {
      ctx.settling();
      r.fulfil(undefined);
      if (after === "text") later(script.when, () => r.fulfil(text));
      else if (after === "rejects") later(script.when, () => r.reject(new ErrorCtor("rejected after delivering undefined")));
    });
  },
};
