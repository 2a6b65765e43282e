// thenGetterThrows: the summarizer returns an object whose `then` is an accessor that throws
// (contract §7 step 5: CONTEXT_SUMMARIZER_FAILED). The getter counts its reads.
import { ErrorCtor } from "../intrinsics";
import type { ScriptKind } from "./registry";
import { thenAccessor } from "./thenables";

export const thenGetterThrowsScript: ScriptKind = {
  kind: "thenGetterThrows",
  validate() {},
  invoke(_script, ctx) {
    return thenAccessor(ctx, () => {
      ctx.settling();
      throw new ErrorCtor("the then getter throws");
    });
  },
};
