// nestedPromise: native promises and generic thenables nested in each other.
// - promiseInThenable: `thenables` generic thenables, the last delivering a native promise
//   that resolves with `text` a microtask later; thenables + 1 levels of adoption.
// - thenableInPromise: a native promise the engine resolves through `thenables` generic
//   thenables; it arrives already flattened and counts as one level (contract §7 step 5).
import type { Json } from "../../scenario/data";
import { deferred, numberIsSafeInteger } from "../intrinsics";
import { ScenarioError } from "../scenario-error";
import { resolveLater } from "./deliver";
import { dressPromise } from "./promise-dress";
import type { ScriptKind } from "./registry";
import { thenableChain } from "./thenables";

export const nestedPromiseScript: ScriptKind = {
  kind: "nestedPromise",
  dress: "both",
  validate(script) {
    if (script.shape !== "promiseInThenable" && script.shape !== "thenableInPromise") {
      throw new ScenarioError("nestedPromise needs `shape` promiseInThenable or thenableInPromise");
    }
    const n = script.thenables;
    if (typeof n !== "number" || !numberIsSafeInteger(n) || n < 1) throw new ScenarioError("nestedPromise needs an integer `thenables` >= 1");
    if (typeof script.text !== "string") throw new ScenarioError("nestedPromise needs a string `text`");
  },
  invoke(script, ctx) {
    const text = script.text as Json;
    const n = script.thenables as number;
    if (script.shape === "promiseInThenable") {
      // The native promise is created when the last thenable delivers, so it settles after.
      let inner: Promise<unknown> | null = null;
      return thenableChain(ctx, n, () => (inner ??= resolveLater(text, ctx)));
    }
    // The engine adopts the chain (a resolve job per level) before the promise fulfils;
    // those calls are the engine's, not the subject's, so they are not counted.
    const d = deferred<unknown>();
    const check = dressPromise(d.promise, ctx);
    d.resolve(
      thenableChain(ctx, n, () => {
        check();
        ctx.settling();
        return text;
      }, false),
    );
    return d.promise;
  },
};
