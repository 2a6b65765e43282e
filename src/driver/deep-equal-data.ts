// Structural equality of two values in the data encoding. Key order is irrelevant (the
// contract's objects are compared by content); arrays compare item by item.
import type { Json } from "../scenario/data";
import { getOwnPropertyDescriptor, isArray, objectIs, objectKeys } from "./intrinsics";

function ownValue(o: { [k: string]: Json }, key: string): Json | undefined {
  const d = getOwnPropertyDescriptor(o, key);
  return d === undefined ? undefined : (d.value as Json);
}

export function deepEqualData(a: Json, b: Json): boolean {
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null) {
    return typeof a === "number" && typeof b === "number" ? objectIs(a, b) : a === b;
  }
  const aArray = isArray(a);
  if (aArray !== isArray(b)) return false;
  if (aArray) {
    const bb = b as Json[];
    if (a.length !== bb.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqualData(a[i], bb[i])) return false;
    return true;
  }
  const ao = a as { [k: string]: Json };
  const bo = b as { [k: string]: Json };
  const aKeys = objectKeys(ao);
  if (aKeys.length !== objectKeys(bo).length) return false;
  for (let i = 0; i < aKeys.length; i++) {
    const key = aKeys[i];
    if (getOwnPropertyDescriptor(bo, key) === undefined) return false;
    if (!deepEqualData(ownValue(ao, key) as Json, ownValue(bo, key) as Json)) return false;
  }
  return true;
}
