// resolversMisused: a function with a callable then (a thenable all the same, contract §7 step
// 5; an object with `holder: "object"`) that calls the resolvers it is given more than once. Only the first call counts, as in
// promise adoption:
// - fulfilFirst: fulfils with a native promise still pending (it settles a microtask later
//   with `first`: the text, or a Proxy without then, which is not a string), then fulfils
//   again with another text (`again: "rejectedPromise"`: a native promise that rejects, which
//   must still get handlers, so no unhandled rejection follows), rejects, and throws. The answer
//   is what `first` comes to.
// - rejectFirst: rejects, then fulfils with the text, and throws: CONTEXT_SUMMARIZER_FAILED.
// The pending promise makes the later calls arrive while the first is still being followed,
// so a subject that lets them through answers with them.
import type { Json } from "../../scenario/data";
import { ErrorCtor } from "../intrinsics";
import { ScenarioError } from "../scenario-error";
import { rejectLater, resolveLater } from "./deliver";
import { thenlessProxy } from "./proxy-value";
import type { ScriptKind } from "./registry";
import { holderThenable, validateHolder } from "./thenables";

export const resolversMisusedScript: ScriptKind = {
  kind: "resolversMisused",
  dress: "both",
  validate(script) {
    if (script.order !== "fulfilFirst" && script.order !== "rejectFirst") throw new ScenarioError("resolversMisused needs `order` fulfilFirst or rejectFirst");
    if (script.first !== "text" && script.first !== "thenlessProxy") throw new ScenarioError("resolversMisused needs `first` text or thenlessProxy");
    if (typeof script.text !== "string") throw new ScenarioError("resolversMisused needs a string `text`");
    if (script.again !== undefined && script.again !== "rejectedPromise") throw new ScenarioError("resolversMisused's `again` is rejectedPromise or absent");
    validateHolder(script);
  },
  invoke(script, ctx) {
    const text = script.text as Json;
    if (script.order === "rejectFirst") {
      return holderThenable(ctx, script, "misused", (r) => {
        ctx.settling();
        r.reject(new ErrorCtor("rejected first"));
        r.fulfil(text);
        throw new ErrorCtor("then throws after rejecting");
      });
    }
    const first = script.first === "text" ? text : thenlessProxy(ctx, false);
    return holderThenable(ctx, script, "misused", (r) => {
      r.fulfil(resolveLater(first, ctx));
      r.fulfil(script.again === "rejectedPromise" ? rejectLater(new ErrorCtor("a late rejection"), ctx) : `${text as string}, again`);
      r.reject(new ErrorCtor("rejected after fulfilling"));
      throw new ErrorCtor("then throws after fulfilling");
    });
  },
};
