// never: a native promise that never settles. Only meaningful with an abort while it is pending.
import { deferred } from "../intrinsics";
import { dressPromise } from "./promise-dress";
import type { ScriptKind } from "./registry";

export const neverScript: ScriptKind = {
  kind: "never",
  dress: "both",
  validate() {},
  invoke(_script, ctx) {
    const promise = deferred<never>().promise;
    dressPromise(promise, ctx);
    return promise;
  },
};
