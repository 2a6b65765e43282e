// proxy: the object at the path is wrapped in a Proxy whose every trap counts its calls
// ("proxy.<trap>" and the total "proxyTrap") and forwards to Reflect. With `throwingTrap`
// set, that trap throws instead: the contract turns such a throw into its own error code.
import {
  ErrorCtor,
  ProxyCtor,
  StringCtor,
  apply,
  construct,
  defineProperty,
  deleteProperty,
  getOwnPropertyDescriptor,
  getPrototypeOf,
  isExtensible,
  ownKeys,
  preventExtensions,
  reflectGet,
  reflectHas,
  reflectSet,
  setPrototypeOf,
} from "../intrinsics";
import { COUNTER, type HostileCounters } from "../hostile-counters";
import { defineData, isObjectLike } from "../read";
import { ScenarioError } from "../scenario-error";
import type { DecorationKind } from "./registry";

const TRAPS: Readonly<Record<string, (...args: never[]) => unknown>> = {
  apply,
  construct,
  defineProperty,
  deleteProperty,
  get: reflectGet,
  getOwnPropertyDescriptor,
  getPrototypeOf,
  has: reflectHas,
  isExtensible,
  ownKeys,
  preventExtensions,
  set: reflectSet,
  setPrototypeOf,
};
const TRAP_NAMES = ownKeys(TRAPS) as string[];

function countingHandler(counters: HostileCounters, throwingTrap: unknown): ProxyHandler<object> {
  const handler: Record<string, unknown> = {};
  for (let i = 0; i < TRAP_NAMES.length; i++) {
    const name = TRAP_NAMES[i];
    const forward = TRAPS[name];
    defineData(handler, name, (...args: unknown[]) => {
      counters.bump(COUNTER.proxyTrap);
      counters.bump(`proxy.${name}`);
      if (name === throwingTrap) throw new ErrorCtor(`hostile proxy: ${name} trap throws`);
      return apply(forward, undefined, args);
    });
  }
  return handler as ProxyHandler<object>;
}

export const proxyDecoration: DecorationKind = {
  kind: "proxy",
  apply(site, decoration, ctx) {
    const value = site.get();
    if (!isObjectLike(value)) throw new ScenarioError(`a proxy decoration needs an object at ${site.label}`);
    const throwingTrap = decoration.throwingTrap;
    if (throwingTrap !== undefined && (typeof throwingTrap !== "string" || getOwnPropertyDescriptor(TRAPS, throwingTrap) === undefined)) {
      throw new ScenarioError(`unknown trap ${StringCtor(throwingTrap)}`);
    }
    site.set(new ProxyCtor(value, countingHandler(ctx.counters, throwingTrap)));
  },
};
