// never: a native promise that never settles. Only meaningful with an abort while it is pending.
import { deferred } from "../intrinsics";
import type { ScriptKind } from "./registry";

export const neverScript: ScriptKind = {
  kind: "never",
  validate() {},
  invoke() {
    return deferred<never>().promise;
  },
};
