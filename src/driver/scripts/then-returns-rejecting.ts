// thenReturnsRejecting: a generic thenable whose `then` delivers `text` and returns a native
// promise that rejects, at once or a macrotask later (after compactContext settled). The
// contract (§7 step 5) wants that promise observed: no unhandledRejection, also afterwards.
import type { Json } from "../../scenario/data";
import { ErrorCtor, deferred, setImmediateIntrinsic } from "../intrinsics";
import { ScenarioError } from "../scenario-error";
import type { ScriptKind } from "./registry";
import { countedThenable, markHandled } from "./thenables";
import { dressPromise } from "./promise-dress";

export const thenReturnsRejectingScript: ScriptKind = {
  kind: "thenReturnsRejecting",
  dress: "both",
  validate(script) {
    if (script.rejects !== "immediately" && script.rejects !== "later") {
      throw new ScenarioError("thenReturnsRejecting needs `rejects` immediately or later");
    }
    if (typeof script.text !== "string") throw new ScenarioError("thenReturnsRejecting needs a string `text`");
  },
  invoke(script, ctx) {
    const text = script.text as Json;
    return countedThenable(ctx, "returnsRejecting", (r) => {
      const returned = deferred<unknown>();
      dressPromise(returned.promise, ctx);
      // Adopted by the driver, the engine ignores what then returns: nobody else would handle it.
      if (ctx.driverAdopts === true) markHandled(returned.promise);
      const reason = new ErrorCtor("the promise returned by then rejects");
      if (script.rejects === "immediately") returned.reject(reason);
      else setImmediateIntrinsic(() => returned.reject(reason));
      ctx.settling();
      r.fulfil(text);
      return returned.promise;
    });
  },
};
