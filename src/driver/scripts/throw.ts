// throw: the summarizer throws `value` synchronously (contract: CONTEXT_SUMMARIZER_FAILED).
import type { Json } from "../../scenario/data";
import type { ScriptKind } from "./registry";

export const throwScript: ScriptKind = {
  kind: "throw",
  validate() {},
  invoke(script, ctx) {
    const value = ctx.materialize((script.value ?? null) as Json);
    ctx.settling();
    throw value;
  },
};
