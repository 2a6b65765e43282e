// thenableChain: `depth` generic (non-promise) thenables, each delivering the next from its
// `then`, the last delivering `text`. Depth 0 is the text itself, returned synchronously.
// The contract accepts 64 levels of adoption and rejects 65.
import type { Json } from "../../scenario/data";
import { apply, numberIsSafeInteger } from "../intrinsics";
import { ScenarioError } from "../scenario-error";
import type { ScriptContext, ScriptKind } from "./registry";

function thenable(level: number, depth: number, text: Json, ctx: ScriptContext): { then: (f: unknown, r: unknown) => void } {
  return {
    then(onFulfilled: unknown) {
      if (typeof onFulfilled !== "function") return;
      if (level + 1 === depth) {
        ctx.settling();
        apply(onFulfilled, undefined, [text]);
      } else {
        apply(onFulfilled, undefined, [thenable(level + 1, depth, text, ctx)]);
      }
    },
  };
}

export const thenableChainScript: ScriptKind = {
  kind: "thenableChain",
  validate(script) {
    const depth = script.depth;
    if (typeof depth !== "number" || !numberIsSafeInteger(depth) || depth < 0) {
      throw new ScenarioError("thenableChain needs a non-negative integer `depth`");
    }
    if (typeof script.text !== "string") throw new ScenarioError("thenableChain needs a string `text`");
  },
  invoke(script, ctx) {
    const depth = script.depth as number;
    const text = script.text as Json;
    if (depth === 0) {
      ctx.settling();
      return text;
    }
    return thenable(0, depth, text, ctx);
  },
};
