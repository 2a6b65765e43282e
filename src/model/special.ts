import type { Json } from "../scenario/data";

// Reading scenario data the way the driver will materialize it: an object with an own "$cc"
// key is a Special (src/scenario/data.ts), never a plain record.

export function specialTag(value: Json | undefined): string | null {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  if (!Object.hasOwn(value, "$cc")) return null;
  const tag = value["$cc"];
  return typeof tag === "string" ? tag : "unknown";
}

export function isRecord(value: Json | undefined): value is { [key: string]: Json } {
  return value !== null && typeof value === "object" && !Array.isArray(value) && specialTag(value) === null;
}

export function isArray(value: Json | undefined): value is Json[] {
  return Array.isArray(value);
}

/** The number a value stands for once materialized (-0 included), or undefined when it is no number. */
export function numberOf(value: Json | undefined): number | undefined {
  if (typeof value === "number") return value;
  switch (specialTag(value)) {
    case "-0":
      return -0;
    case "NaN":
      return Number.NaN;
    case "Infinity":
      return Number.POSITIVE_INFINITY;
    case "-Infinity":
      return Number.NEGATIVE_INFINITY;
    default:
      return undefined;
  }
}

/** `{"$cc":"undefined"}` as a field value: the model reads it like an absent optional field. */
export function isUndefinedValue(value: Json | undefined): boolean {
  return value === undefined || specialTag(value) === "undefined";
}

export function isNonEmptyString(value: Json | undefined): value is string {
  return typeof value === "string" && value.trim().length > 0;
}

export function isSafeIntegerValue(value: Json | undefined): boolean {
  const n = numberOf(value);
  return n !== undefined && Number.isSafeInteger(n);
}
