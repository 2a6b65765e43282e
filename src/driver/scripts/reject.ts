// reject: the summarizer returns a native promise that rejects with `value` a microtask later.
import type { Json } from "../../scenario/data";
import { rejectLater } from "./deliver";
import type { ScriptKind } from "./registry";

export const rejectScript: ScriptKind = {
  kind: "reject",
  dress: "both",
  validate() {},
  invoke(script, ctx) {
    return rejectLater(ctx.materialize((script.value ?? null) as Json), ctx);
  },
};
