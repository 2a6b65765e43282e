// text: the summarizer returns `text`, synchronously or as a native promise.
import type { Json } from "../../scenario/data";
import { ScenarioError } from "../scenario-error";
import { deliveryOf, resolveLater } from "./deliver";
import type { ScriptKind } from "./registry";

export const textScript: ScriptKind = {
  kind: "text",
  dress: "both",
  validate(script) {
    if (typeof script.text !== "string") throw new ScenarioError("script text needs a string `text`");
    if (script.dress !== undefined && deliveryOf(script) !== "promise") throw new ScenarioError("script text: a dress needs delivery promise");
  },
  invoke(script, ctx) {
    const text = script.text as Json;
    if (deliveryOf(script) === "promise") return resolveLater(text, ctx);
    ctx.settling();
    return text;
  },
};
