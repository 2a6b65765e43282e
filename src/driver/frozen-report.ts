// Deep frozen-ness of a value: every object and array reachable through own data properties
// (string and symbol keys, enumerable or not) must be frozen. Accessors are not called; a
// value that cannot be read counts as not frozen.
import type { FrozenReport } from "../scenario/observation";
import { SetCtor, StringCtor, objectFreeze, safeSetAdd, safeSetHas, symbolDescription } from "./intrinsics";
import { isObjectLike, pushItem, readOwn, safeIsArray, safeIsFrozen, safeOwnKeys } from "./read";

/** The path shown when the value itself is not frozen. */
export const ROOT_PATH = "(root)";

function childPath(parent: string, key: string | symbol, inArray: boolean): string {
  if (typeof key === "symbol") return `${parent}[${symbolKeyName(key)}]`;
  if (inArray && isIndex(key)) return `${parent}[${key}]`;
  return parent === "" ? key : `${parent}.${key}`;
}

function symbolKeyName(key: symbol): string {
  return `Symbol(${symbolDescription(key) ?? ""})`;
}

function isIndex(key: string): boolean {
  return key !== "" && StringCtor(+key >>> 0) === key;
}

/** Breadth-first, so the reported path is a shortest one to an unfrozen object. */
function firstUnfrozen(root: object): string | null {
  const seen = new SetCtor<object>();
  const queue: { value: object; path: string }[] = [{ value: root, path: "" }];
  safeSetAdd(seen, root);
  for (let head = 0; head < queue.length; head++) {
    const { value, path } = queue[head];
    if (!safeIsFrozen(value)) return path === "" ? ROOT_PATH : path;
    const keys = safeOwnKeys(value);
    if (keys === null) return path === "" ? ROOT_PATH : path;
    const inArray = safeIsArray(value) === true;
    for (let i = 0; i < keys.length; i++) {
      const read = readOwn(value, keys[i]);
      if (read.kind !== "data" || !isObjectLike(read.value) || safeSetHas(seen, read.value)) continue;
      safeSetAdd(seen, read.value);
      pushItem(queue, { value: read.value, path: childPath(path, keys[i], inArray) });
    }
  }
  return null;
}

/** The frozen report of an object value; null for primitives. */
export function frozenReport(value: unknown): FrozenReport | null {
  if (!isObjectLike(value)) return null;
  const first = firstUnfrozen(value);
  return objectFreeze({ deep: first === null, firstUnfrozen: first });
}
