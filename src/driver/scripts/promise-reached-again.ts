// promiseReachedAgain: a native promise reached a second time (contract §7 step 5, and
// §8 of docs/contract.md: a cycle, CONTEXT_SUMMARIZER_FAILED, or, as it is locked
// by then, CONTEXT_ASYNC_VALUE_UNOBSERVABLE; never followed again). A function thenable (an
// object one with `holder: "object"`) delivers promise P; P is already fulfilled with an object that
// had no `then` when P was resolved (so the engine did not adopt it) but gets one right after.
// That then, called by a subject following P's value, gives P an own `constructor` and delivers
// P again. A subject that does not notice the cycle follows P once more and finds it locked
// (CONTEXT_ASYNC_VALUE_UNOBSERVABLE) instead. A then called again delivers `text`.
import type { Json } from "../../scenario/data";
import { PromiseCtor, deferred, defineProperty, reflectGet } from "../intrinsics";
import { ScenarioError } from "../scenario-error";
import type { ScriptKind } from "./registry";
import { countedThenable, holderThenable, validateHolder } from "./thenables";

export const promiseReachedAgainScript: ScriptKind = {
  kind: "promiseReachedAgain",
  validate(script) {
    if (typeof script.text !== "string") throw new ScenarioError("promiseReachedAgain needs a string `text`");
    validateHolder(script);
  },
  invoke(script, ctx) {
    const text = script.text as Json;
    const value: object = {};
    const d = deferred<unknown>();
    d.resolve(value);
    const promise = d.promise;
    const late = countedThenable(ctx, "late", (r, call) => {
      if (call > 1) return r.fulfil(text);
      ctx.settling();
      defineProperty(promise, "constructor", { value: PromiseCtor, writable: true, enumerable: false, configurable: true });
      r.fulfil(promise);
    });
    defineProperty(value, "then", { value: reflectGet(late, "then"), writable: true, enumerable: true, configurable: true });
    return holderThenable(ctx, script, "outer", (r, call) => r.fulfil(call > 1 ? text : promise));
  },
};
