import type { Json } from "../../src/scenario";
import { deepEqualData } from "../../src/driver";

// Defensive readers for observed data: a broken subject may return anything, so a check
// never assumes a field exists or has the right type.

export type JsonRecord = { readonly [key: string]: Json };

export function isRecord(value: Json | undefined): value is JsonRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function field(value: Json | undefined, key: string): Json | undefined {
  return isRecord(value) && Object.prototype.hasOwnProperty.call(value, key) ? value[key] : undefined;
}

export function arrayOrEmpty(value: Json | undefined): readonly Json[] {
  return Array.isArray(value) ? value : [];
}

/** Structural equality of encoded values; key order irrelevant (the driver's definition). */
export function sameData(a: Json | undefined, b: Json | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return deepEqualData(a, b);
}
