// proxyValue: a Proxy around a plain object without `then` (contract §7 step 5, and
// §8, docs/contract.md). `get`:
// - forwards: its get trap forwards, so it has no callable then: not a thenable, the value
//   itself, which is not a string (CONTEXT_SUMMARY_INVALID).
// - throws: its get trap throws, so reading its then throws (CONTEXT_SUMMARIZER_FAILED).
// `via`: returned as is ("none"), or delivered by a function with a callable then
// ("functionThenable"), which is adopted like any thenable. Every get counts "proxyValue.get".
import { ErrorCtor, ProxyCtor, reflectGet } from "../intrinsics";
import { ScenarioError } from "../scenario-error";
import type { ScriptContext, ScriptKind } from "./registry";
import { bump, countedFunctionThenable } from "./thenables";

export const PROXY_VALUE_GET = "proxyValue.get";

/** A Proxy around `{ summary: "not a thenable" }`; `throws`: its get trap throws. */
export function thenlessProxy(ctx: ScriptContext, throws: boolean): object {
  return new ProxyCtor(
    { summary: "not a thenable" },
    {
      get(target, key, receiver) {
        bump(ctx, PROXY_VALUE_GET);
        if (!throws) return reflectGet(target, key, receiver);
        ctx.settling();
        throw new ErrorCtor("the get trap throws");
      },
    },
  );
}

export const proxyValueScript: ScriptKind = {
  kind: "proxyValue",
  validate(script) {
    if (script.get !== "forwards" && script.get !== "throws") throw new ScenarioError("proxyValue needs `get` forwards or throws");
    if (script.via !== "none" && script.via !== "functionThenable") throw new ScenarioError("proxyValue needs `via` none or functionThenable");
  },
  invoke(script, ctx) {
    const throws = script.get === "throws";
    if (script.via === "none") {
      if (!throws) ctx.settling();
      return thenlessProxy(ctx, throws);
    }
    return countedFunctionThenable(ctx, "deliversProxy", (r) => {
      if (!throws) ctx.settling();
      r.fulfil(thenlessProxy(ctx, throws));
    });
  },
};
