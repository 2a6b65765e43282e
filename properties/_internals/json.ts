import type { Json } from "../../src/scenario";
import { equalAsContractData } from "../../src/driver";

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

/**
 * Structural equality of encoded values as the contract compares them: key order irrelevant,
 * -0 and 0 one number (the driver's equalAsContractData).
 */
export function sameData(a: Json | undefined, b: Json | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return equalAsContractData(a, b);
}

/** Where two encoded values first differ, e.g. `[3].messages[0].id`, with the two parts; null when equal. */
export function firstDifference(expected: Json | undefined, observed: Json | undefined, path = ""): { path: string; expected: Json | undefined; observed: Json | undefined } | null {
  if (sameData(expected, observed)) return null;
  const here = { path: path === "" ? "(root)" : path, expected, observed };
  if (Array.isArray(expected) && Array.isArray(observed)) {
    for (let i = 0; i < Math.min(expected.length, observed.length); i += 1) {
      const inner = firstDifference(expected[i], observed[i], `${path}[${i}]`);
      if (inner !== null) return inner;
    }
    return { path: `${path}.length`, expected: expected.length, observed: observed.length };
  }
  if (isRecord(expected) && isRecord(observed)) {
    const keys = [...new Set([...Object.keys(expected), ...Object.keys(observed)])];
    for (const key of keys) {
      const inner = firstDifference(field(expected, key), field(observed, key), `${path}.${key}`);
      if (inner !== null) return inner;
    }
  }
  return here;
}
