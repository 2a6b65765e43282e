// value: the summarizer returns any data `value` (a non-string, an object shaped like a
// message, …), Special tags decoded, synchronously or as a native promise.
import type { Json } from "../../scenario/data";
import { ScenarioError } from "../scenario-error";
import { deliveryOf, resolveLater } from "./deliver";
import type { ScriptKind } from "./registry";

export const valueScript: ScriptKind = {
  kind: "value",
  dress: "both",
  validate(script) {
    if (script.dress !== undefined && deliveryOf(script) !== "promise") throw new ScenarioError("script value: a dress needs delivery promise");
  },
  invoke(script, ctx) {
    const value = ctx.materialize((script.value ?? null) as Json);
    if (deliveryOf(script) === "promise") return resolveLater(value, ctx);
    ctx.settling();
    return value;
  },
};
