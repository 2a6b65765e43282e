// Reading a caller's object the way the reference does, for wrappers that look at options or
// inputs before or after the reference: own data properties through descriptors only, never a
// getter, and never a Proxy (a wrapper leaves a Proxy to the reference, so that no trap runs
// more often than the reference runs it).
import { types } from "node:util";

export const ABSENT: unique symbol = Symbol("absent");

export function isObject(value: unknown): value is Record<PropertyKey, unknown> {
  return typeof value === "object" && value !== null;
}

/** An ordinary object (not a Proxy), whose descriptors can be read without running caller code. */
export function isOrdinary(value: unknown): value is Record<PropertyKey, unknown> {
  return isObject(value) && !types.isProxy(value);
}

/** The value of an own data property of an ordinary object; ABSENT otherwise (absent, accessor, Proxy). */
export function dataField(record: unknown, key: PropertyKey): unknown {
  if (!isOrdinary(record)) return ABSENT;
  const descriptor = Object.getOwnPropertyDescriptor(record, key);
  if (descriptor === undefined || !("value" in descriptor)) return ABSENT;
  return descriptor.value;
}

/**
 * A copy of an ordinary options object with the same prototype and the same own descriptors
 * (accessors stay accessors, nothing is called), changed by `edit`; anything else as it is.
 */
export function editOptions(options: unknown, edit: (copy: Record<PropertyKey, unknown>) => void): unknown {
  if (!isOrdinary(options) || Array.isArray(options)) return options;
  const copy = Object.create(Object.getPrototypeOf(options), Object.getOwnPropertyDescriptors(options)) as Record<PropertyKey, unknown>;
  edit(copy);
  return copy;
}

/** Sets a data property on an options copy. */
export function setData(copy: Record<PropertyKey, unknown>, key: string, value: unknown): void {
  Object.defineProperty(copy, key, { value, writable: true, enumerable: true, configurable: true });
}

/** The summarizer of an options copy replaced by `wrap(summarizer)` when it is an own data function. */
export function wrapSummarizer(
  options: unknown,
  wrap: (summarizer: (...args: unknown[]) => unknown) => (...args: unknown[]) => unknown,
): unknown {
  const summarizer = dataField(options, "summarizer");
  if (typeof summarizer !== "function") return options;
  return editOptions(options, (copy) => setData(copy, "summarizer", wrap(summarizer as (...args: unknown[]) => unknown)));
}

export function deepFreeze<T>(value: T): T {
  if (isObject(value) && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}
