// Structural equality of two values in the data encoding. Key order is irrelevant (the
// contract's objects are compared by content); arrays compare item by item.
import type { Json } from "../scenario/data";
import { getOwnPropertyDescriptor, isArray, objectIs, objectKeys } from "./intrinsics";

function ownValue(o: { [k: string]: Json }, key: string): Json | undefined {
  const d = getOwnPropertyDescriptor(o, key);
  return d === undefined ? undefined : (d.value as Json);
}

export function deepEqualData(a: Json, b: Json): boolean {
  return equalData(a, b, true);
}

/**
 * deepEqualData for what the contract compares: -0 and 0 are one number. The contract's JSON
 * (§2) never tells them apart (J(-0) = J(0), §4), and a copy of arguments made the JSON way
 * turns -0 into 0, so a returned value may hold either (issue 27 review). Inputs are still
 * compared with deepEqualData: a subject that rewrites the caller's -0 has changed the input.
 */
export function equalAsContractData(a: Json, b: Json): boolean {
  return equalData(a, b, false);
}

function isNegativeZeroTag(value: Json): boolean {
  if (typeof value !== "object" || value === null || isArray(value)) return false;
  const keys = objectKeys(value);
  return keys.length === 1 && keys[0] === "$cc" && ownValue(value, "$cc") === "-0";
}

function equalData(a: Json, b: Json, signedZero: boolean): boolean {
  if (!signedZero) {
    if (isNegativeZeroTag(a)) a = 0;
    if (isNegativeZeroTag(b)) b = 0;
  }
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null) {
    return typeof a === "number" && typeof b === "number" ? (signedZero ? objectIs(a, b) : a === b) : a === b;
  }
  const aArray = isArray(a);
  if (aArray !== isArray(b)) return false;
  if (aArray) {
    const aa = a as Json[];
    const bb = b as Json[];
    if (aa.length !== bb.length) return false;
    for (let i = 0; i < aa.length; i++) if (!equalData(aa[i], bb[i], signedZero)) return false;
    return true;
  }
  const ao = a as { [k: string]: Json };
  const bo = b as { [k: string]: Json };
  const aKeys = objectKeys(ao);
  if (aKeys.length !== objectKeys(bo).length) return false;
  for (let i = 0; i < aKeys.length; i++) {
    const key = aKeys[i];
    if (getOwnPropertyDescriptor(bo, key) === undefined) return false;
    if (!equalData(ownValue(ao, key) as Json, ownValue(bo, key) as Json, signedZero)) return false;
  }
  return true;
}
