// Shared delivery helpers: a native promise that settles in a later microtask, so it is
// still pending when the summarizer returns and "atSettlement" can abort just before it
// settles. Dressed as the script's `dress` says (./promise-dress), checked just before it settles.
import { deferred, queueMicrotaskIntrinsic } from "../intrinsics";
import { dressPromise } from "./promise-dress";
import type { ScriptContext } from "./registry";

export function resolveLater(value: unknown, ctx: ScriptContext): Promise<unknown> {
  const d = deferred<unknown>();
  const check = dressPromise(d.promise, ctx);
  queueMicrotaskIntrinsic(() => {
    check();
    ctx.settling();
    d.resolve(value);
  });
  return d.promise;
}

export function rejectLater(reason: unknown, ctx: ScriptContext): Promise<unknown> {
  const d = deferred<unknown>();
  const check = dressPromise(d.promise, ctx);
  queueMicrotaskIntrinsic(() => {
    check();
    ctx.settling();
    d.reject(reason);
  });
  return d.promise;
}

export function deliveryOf(script: { [k: string]: unknown }): "sync" | "promise" {
  return script.delivery === "promise" ? "promise" : "sync";
}
