import type { Json } from "../scenario/data";
import type { Decoration } from "../scenario/scenario";
import { hasContractField, isListKind, isRecordKind, type Site } from "./hostile-sites";
import { isRecord } from "./special";

// What one decoration does to the contract's reading of its site (contract §3, §6, §7):
// - benign: read like plain data (a well-behaved Proxy, a null prototype, an extra property,
//   a symbol key or non-enumerable field on a record, a frozen object or array), so the
//   answer is the undecorated one;
// - reject: the site is not acceptable data (an accessor, a hole, a class instance, a trap
//   that throws, a symbol or non-enumerable key in arguments): the channel's code;
// - substitute: the site holds another value (a `value` decoration, or a cycle, whose value
//   is the object holding it);
// - alias: the site holds the object found at another path (`of`), read like a copy of it.
// Placements the contract leaves open (a throwing `get` trap the reader need not use, a
// prototype on an array, …) are refused: the generators never make them.

/** `below`: only the child at that key is rejected (a trap that throws for one item of a list). */
export type Effect =
  | { readonly kind: "benign" }
  | { readonly kind: "reject"; readonly below?: number }
  | { readonly kind: "substitute"; readonly value: Json }
  /** The site holds the same object as the decoration's `of` path: a copy of that data for the model. */
  | { readonly kind: "alias" };

const BENIGN: Effect = { kind: "benign" };
const REJECT: Effect = { kind: "reject" };

/** Stands for "the object holding this property" once a cycle is installed: never valid at a contract site. */
export const CYCLE_VALUE: Json = { $cc: "cycle" };

function undecided(d: Decoration, why: string): never {
  throw new Error(`model: the contract does not decide ${d.kind} at ${JSON.stringify(d.path)} (${why}); generators must not place it there`);
}

/** A trap the contract's reading must use on the object at `site` (§3: prototype, own descriptors, own keys). */
function trapIsRead(trap: string, site: Site, d: Decoration): boolean {
  const value = site.value;
  if (site.kind === "json") {
    if (Array.isArray(value)) {
      if (trap === "getOwnPropertyDescriptor" && value.length > 0) return true;
      return undecided(d, "only a non-empty array's own descriptors are surely read");
    }
    if (trap === "getPrototypeOf" || trap === "ownKeys") return true;
    if (trap === "getOwnPropertyDescriptor" && isRecord(value) && Object.keys(value).length > 0) return true;
    return undecided(d, `trap ${trap} on an arguments object`);
  }
  if (isRecordKind(site.kind)) {
    if (trap === "getPrototypeOf") return true;
    if (trap === "getOwnPropertyDescriptor" && hasContractField(site.kind, value)) return true;
    return undecided(d, `trap ${trap} on a record (its keys are not enumerated)`);
  }
  if (isListKind(site.kind)) {
    if (trap === "getOwnPropertyDescriptor" && Array.isArray(value) && value.length > 0) return true;
    return undecided(d, `trap ${trap} on a list`);
  }
  return undecided(d, `a proxy on a ${site.kind}`);
}

/**
 * A descriptor trap that throws for one key only: on a list, for an index below its length,
 * the reader must ask for that item's descriptor (§3: own data items at every index), so that
 * item is rejected; the length and the other items read as plain data.
 */
function keyedThrow(d: Decoration, site: Site): Effect {
  const index = Number(d.throwingKey);
  const value = site.value;
  if (d.throwingTrap === "getOwnPropertyDescriptor" && isListKind(site.kind) && Array.isArray(value) && Number.isInteger(index) && index >= 0 && index < value.length && String(index) === d.throwingKey) {
    return { kind: "reject", below: index };
  }
  return undecided(d, "a keyed descriptor throw needs an index of a list");
}

export function effectOf(d: Decoration, site: Site): Effect {
  if (site.place === "extra") return BENIGN;
  switch (d.kind) {
    case "getter":
    case "setterOnly":
      return REJECT;
    case "hole":
      if (site.place === "item" || site.place === "argsItem") return REJECT;
      return undecided(d, "a hole needs an array item");
    case "prototype": {
      // The signal with another prototype (even null) is not a genuine AbortSignal (contract §7).
      if (d.target === "options" && site.channel === "options" && site.place === "field" && d.path[0] === "signal") return REJECT;
      if (d.proto === "null") return BENIGN;
      if (isRecordKind(site.kind) || (site.kind === "json" && isRecord(site.value))) return REJECT;
      return undecided(d, "a prototype on something that is not a record");
    }
    case "proxy": {
      // A Proxy around the (genuine) signal the driver put in the options is not a genuine
      // AbortSignal (contract §7): rejected however harmless its traps.
      if (d.target === "options" && site.channel === "options" && site.place === "field" && d.path[0] === "signal") return REJECT;
      const trap = d.throwingTrap;
      if (trap === undefined) return BENIGN;
      // What the trap throws (`throwValue`: an Error, a primitive, null, undefined) does not
      // matter: §3 turns any exception of a trap into the channel's code.
      if (d.throwingKey !== undefined) return keyedThrow(d, site);
      return trapIsRead(String(trap), site, d) ? REJECT : BENIGN;
    }
    case "symbolKey":
      if (site.kind === "json" && isRecord(site.value)) return REJECT;
      if (isRecordKind(site.kind)) return BENIGN;
      return undecided(d, "a symbol key on an array");
    case "nonEnumerable":
      if (site.place === "argsKey") return REJECT;
      if (site.place === "argsItem") return undecided(d, "a non-enumerable array index");
      return BENIGN;
    case "cycle":
      if (site.place === "root") return undecided(d, "a cycle at the root");
      return { kind: "substitute", value: CYCLE_VALUE };
    case "alias":
      // The object at `of`, reached a second time: read like a copy of it (a shared container is no cycle).
      if (site.place === "root" || d.target !== "input") return undecided(d, "an alias needs an input path");
      return { kind: "alias" };
    case "frozen":
      // §3 reads own data properties; whether they can still be changed is nothing it reads.
      if (site.value === null || typeof site.value !== "object") return undecided(d, "freezing something that is not an object or array");
      return BENIGN;
    case "value":
      if (site.place === "root") return undecided(d, "a value at the root");
      return { kind: "substitute", value: d.value as Json };
    default:
      return undecided(d, "unknown decoration kind");
  }
}
