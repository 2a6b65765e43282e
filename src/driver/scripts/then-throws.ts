// thenThrows: a generic thenable whose `then` throws, before resolving (contract §7 step 5:
// CONTEXT_SUMMARIZER_FAILED) or after it delivered `text` (the resolution wins, as in
// promise adoption: a throw after a resolver was called is ignored; an abort made right
// after the resolution, inside then, still cancels).
import type { Json } from "../../scenario/data";
import { ErrorCtor } from "../intrinsics";
import { ScenarioError } from "../scenario-error";
import type { ScriptKind } from "./registry";
import { countedThenable } from "./thenables";

export const thenThrowsScript: ScriptKind = {
  kind: "thenThrows",
  validate(script) {
    if (script.when !== "beforeResolving" && script.when !== "afterResolving") {
      throw new ScenarioError("thenThrows needs `when` beforeResolving or afterResolving");
    }
    if (typeof script.text !== "string") throw new ScenarioError("thenThrows needs a string `text`");
  },
  invoke(script, ctx) {
    const text = script.text as Json;
    const after = script.when === "afterResolving";
    return countedThenable(ctx, "thrower", (r) => {
      // After resolving, "atSettlement" aborts synchronously right after resolve(text), still
      // inside then: the contract reads the signal when then returns, so CONTEXT_CANCELLED (§7 step 5).
      if (after) {
        r.fulfil(text);
        ctx.settling();
      } else ctx.settling();
      throw new ErrorCtor(after ? "then throws after resolving" : "then throws before resolving");
    });
  },
};
