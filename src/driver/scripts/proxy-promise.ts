// proxyPromise: a Proxy around a native promise that resolves with `text`. The contract
// (§7 step 5) answers CONTEXT_ASYNC_VALUE_UNOBSERVABLE: the intrinsic then cannot be
// attached to a proxy. Every trap forwards to the promise and counts "proxyPromise.<trap>".
import type { Json } from "../../scenario/data";
import { ProxyCtor, apply } from "../intrinsics";
import { defineData } from "../read";
import { ScenarioError } from "../scenario-error";
import { resolveLater } from "./deliver";
import type { ScriptContext, ScriptKind } from "./registry";
import { ASYNC_COUNTER, bump } from "./thenables";

const TRAPS = [
  "get", "set", "has", "deleteProperty", "ownKeys", "getOwnPropertyDescriptor", "defineProperty",
  "getPrototypeOf", "setPrototypeOf", "isExtensible", "preventExtensions", "apply", "construct",
] as const;

const R = Reflect as unknown as Record<string, (...args: unknown[]) => unknown>;
const forwarders: Record<string, (...args: unknown[]) => unknown> = {};
for (let i = 0; i < TRAPS.length; i++) forwarders[TRAPS[i]] = R[TRAPS[i]];

export const proxyPromiseScript: ScriptKind = {
  kind: "proxyPromise",
  validate(script) {
    if (typeof script.text !== "string") throw new ScenarioError("proxyPromise needs a string `text`");
  },
  invoke(script, ctx) {
    return proxiedPromise(script.text as Json, ctx);
  },
};

/** A Proxy with forwarding, counting traps around a native promise that resolves with `text` a microtask later. */
export function proxiedPromise(text: Json, ctx: ScriptContext): object {
  const target = resolveLater(text, ctx);
  const handler: ProxyHandler<Promise<unknown>> = {};
  for (let i = 0; i < TRAPS.length; i++) {
    const trap = TRAPS[i];
    const forward = forwarders[trap];
    defineData(handler, trap, (...args: unknown[]) => {
      bump(ctx, `${ASYNC_COUNTER.proxyTrap}${trap}`);
      return apply(forward, undefined, args);
    });
  }
  return new ProxyCtor(target, handler);
}
