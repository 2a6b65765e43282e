// thenGetterThrows: the summarizer returns an object whose `then` is an accessor that throws
// (contract §7 step 5: CONTEXT_SUMMARIZER_FAILED). The getter counts its reads.
import { ErrorCtor, defineProperty } from "../intrinsics";
import type { ScriptKind } from "./registry";
import { ASYNC_COUNTER, bump } from "./thenables";

export const thenGetterThrowsScript: ScriptKind = {
  kind: "thenGetterThrows",
  validate() {},
  invoke(_script, ctx) {
    const value = {};
    defineProperty(value, "then", {
      enumerable: true,
      configurable: false,
      get() {
        bump(ctx, ASYNC_COUNTER.thenGetter);
        ctx.settling();
        throw new ErrorCtor("the then getter throws");
      },
    });
    return value;
  },
};
