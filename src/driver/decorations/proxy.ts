// proxy: the object at the path is wrapped in a Proxy whose every trap counts its calls
// ("proxy.<trap>" and the total "proxyTrap") and forwards to Reflect. With `throwingTrap`
// set, that trap throws instead: the contract turns such a throw into its own error code.
// It throws an Error, or with `throwValue` set that value, materialized (a primitive, null, or
// {"$cc":"undefined"}): a reader must turn whatever a trap throws into the contract's code.
// With `throwingKey` set (getOwnPropertyDescriptor only), it throws only when asked for that
// key, e.g. one item of an array whose length and other items read fine.
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
import type { Json } from "../../scenario/data";
import { materialize } from "../materialize";
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

/** What the throwing trap throws: a fresh Error, or the materialized `throwValue`. */
type Thrown = { readonly custom: boolean; readonly value: unknown; readonly key: string | undefined };

function countingHandler(counters: HostileCounters, throwingTrap: unknown, thrown: Thrown): ProxyHandler<object> {
  const handler: Record<string, unknown> = {};
  for (let i = 0; i < TRAP_NAMES.length; i++) {
    const name = TRAP_NAMES[i];
    const forward = TRAPS[name];
    defineData(handler, name, (...args: unknown[]) => {
      counters.bump(COUNTER.proxyTrap);
      counters.bump(`proxy.${name}`);
      if (name === throwingTrap && (thrown.key === undefined || StringCtor(args[1]) === thrown.key)) throw thrown.custom ? thrown.value : new ErrorCtor(`hostile proxy: ${name} trap throws`);
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
    const throwValue = decoration.throwValue as Json | undefined;
    if (throwValue !== undefined && throwingTrap === undefined) throw new ScenarioError("throwValue needs a throwingTrap");
    const key = decoration.throwingKey;
    if (key !== undefined && (typeof key !== "string" || throwingTrap !== "getOwnPropertyDescriptor")) {
      throw new ScenarioError("throwingKey needs a string and throwingTrap getOwnPropertyDescriptor");
    }
    const thrown: Thrown = { custom: throwValue !== undefined, value: throwValue === undefined ? undefined : materialize(throwValue, ctx.counters), key };
    site.set(new ProxyCtor(value, countingHandler(ctx.counters, throwingTrap, thrown)));
  },
};
