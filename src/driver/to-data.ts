// toData: any live value → Json in the agreed encoding (src/scenario/data.ts, interfaces):
// JSON as is; -0, NaN, ±Infinity, undefined, bigint, symbol, function → Special tags; arrays →
// arrays with {$cc:"hole"} for holes; objects → own enumerable string-keyed properties, an
// accessor as {$cc:"accessor"} (never called); a cycle → {$cc:"cycle"}; anything that cannot
// be read (a throwing or revoked Proxy, a value too large) → {$cc:"opaque", type}.
import type { Json } from "../scenario/data";
import { SetCtor, StringCtor, objectIs, safeSetAdd, safeSetDelete, safeSetHas, symbolDescription } from "./intrinsics";
import { defineData, isObjectLike, pushItem, readOwn, safeIsArray, safeOwnKeys } from "./read";

/** Beyond these the value is reported as opaque rather than walked (a hostile value may be huge). */
const MAX_DEPTH = 1_000;
const MAX_NODES = 2_000_000;

function tag(name: string): Json {
  const o: { [k: string]: Json } = {};
  defineData(o, "$cc", name);
  return o;
}

export function opaque(type: string): Json {
  const o: { [k: string]: Json } = {};
  defineData(o, "$cc", "opaque");
  defineData(o, "type", type);
  return o;
}

function encodeNumber(n: number): Json {
  if (n !== n) return tag("NaN");
  if (n === Infinity) return tag("Infinity");
  if (n === -Infinity) return tag("-Infinity");
  if (objectIs(n, -0)) return tag("-0");
  return n;
}

function encodePrimitive(value: unknown): Json {
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      return encodeNumber(value);
    case "undefined":
      return tag("undefined");
    case "bigint": {
      const o = tag("bigint") as { [k: string]: Json };
      defineData(o, "value", StringCtor(value));
      return o;
    }
    case "symbol": {
      const o = tag("symbol") as { [k: string]: Json };
      defineData(o, "description", symbolDescription(value) ?? "");
      return o;
    }
    default:
      return null; // null itself
  }
}

interface Walk {
  readonly ancestors: Set<object>;
  nodes: number;
}

function encodeItem(read: ReturnType<typeof readOwn>, walk: Walk, depth: number, holeTag: string): Json {
  switch (read.kind) {
    case "data":
      return encode(read.value, walk, depth + 1);
    case "accessor":
      return tag("accessor");
    case "absent":
      return tag(holeTag);
    default:
      return opaque("unreadable");
  }
}

function encodeArray(value: object, walk: Walk, depth: number): Json {
  const lengthRead = readOwn(value, "length");
  if (lengthRead.kind !== "data" || typeof lengthRead.value !== "number") return opaque("array-length-unreadable");
  const length = lengthRead.value;
  if (length > MAX_NODES - walk.nodes) return opaque("too-large");
  const out: Json[] = [];
  for (let i = 0; i < length; i++) pushItem(out, encodeItem(readOwn(value, StringCtor(i)), walk, depth, "hole"));
  return out;
}

function encodeObject(value: object, walk: Walk, depth: number): Json {
  const keys = safeOwnKeys(value);
  if (keys === null) return opaque("unreadable");
  const out: { [k: string]: Json } = {};
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (typeof key !== "string") continue;
    const read = readOwn(value, key);
    if (read.kind === "absent") continue; // a Proxy may list keys it does not have
    if (read.kind !== "unreadable" && !read.enumerable) continue;
    defineData(out, key, encodeItem(read, walk, depth, "hole"));
  }
  return out;
}

function encode(value: unknown, walk: Walk, depth: number): Json {
  if (typeof value === "function") return tag("function");
  if (!isObjectLike(value)) return encodePrimitive(value);
  if (depth > MAX_DEPTH) return opaque("too-deep");
  walk.nodes++;
  if (walk.nodes > MAX_NODES) return opaque("too-large");
  if (safeSetHas(walk.ancestors, value)) return tag("cycle");
  const array = safeIsArray(value);
  if (array === "unreadable") return opaque("revoked-proxy");
  safeSetAdd(walk.ancestors, value);
  try {
    return array ? encodeArray(value, walk, depth) : encodeObject(value, walk, depth);
  } catch {
    return opaque("unreadable"); // e.g. a stack overflow inside a Proxy trap
  } finally {
    safeSetDelete(walk.ancestors, value);
  }
}

/** The value as data in the agreed encoding. Never throws and never calls an accessor. */
export function toData(value: unknown): Json {
  return encode(value, { ancestors: new SetCtor<object>(), nodes: 0 }, 0);
}
