// Running a witness call and describing its outcome as plain JSON, so that an implementation's
// outcome and the contract's can be compared with toEqual. Deterministic: an operation that is
// still pending after a few macrotasks (everything here is driven by microtasks) is "pending".
import type { Impl } from "../_kit/impl";

export type Outcome = null | boolean | number | string | readonly Outcome[] | { readonly [key: string]: Outcome };

/** A direct call on an implementation, with the outcome the contract requires. */
export type Witness = {
  /** The call, in words (what is passed, what is looked at). */
  readonly call: string;
  readonly run: (m: Impl) => Outcome | Promise<Outcome>;
  /** What the contract requires (and src/core gives). */
  readonly expected: Outcome;
};

/**
 * Plain data as JSON (functions and symbols are named, cycles cut). A value that cannot be read
 * (a Proxy whose trap throws, a getter that throws: a caller's hostile input handed back) is
 * named "<unreadable: …>" with what it threw, never an exception of the checker.
 */
export function view(value: unknown, seen: Set<object> = new Set()): Outcome {
  try {
    return viewed(value, seen);
  } catch (error) {
    return `<unreadable: ${error instanceof Error ? error.name : typeof error}>`;
  }
}

function viewed(value: unknown, seen: Set<object>): Outcome {
  if (value === undefined) return "<undefined>";
  if (value === null || typeof value === "boolean" || typeof value === "string") return value;
  if (typeof value === "number") return Object.is(value, -0) ? "<-0>" : Number.isFinite(value) ? value : String(value);
  if (typeof value === "function") return "<function>";
  if (typeof value !== "object") return `<${typeof value}>`;
  if (seen.has(value)) return "<cycle>";
  seen.add(value);
  const out = Array.isArray(value)
    ? value.map((item) => view(item, seen))
    : Object.fromEntries(Object.keys(value).map((key) => [key, view((value as Record<string, unknown>)[key], seen)]));
  seen.delete(value);
  return out;
}

/** The code of a ContextCompactionError (of any module: students have their own class), else the raw kind. */
export function errorView(error: unknown): Outcome {
  if (error instanceof Error && error.name === "ContextCompactionError" && typeof (error as { code?: unknown }).code === "string") {
    return { error: (error as unknown as { code: string }).code };
  }
  const name = error instanceof Error || (typeof error === "object" && error !== null && "name" in error) ? String((error as Error).name) : typeof error;
  return { raw: name };
}

export function sync(fn: () => unknown, show: (value: unknown) => Outcome = view): Outcome {
  let value: unknown;
  try {
    value = fn();
  } catch (error) {
    return errorView(error);
  }
  return { value: show(value) };
}

export async function drain(turns = 4): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** The settled outcome of `promise`, or "pending" when it has not settled after a few macrotasks. */
export async function settle(promise: unknown, show: (value: unknown) => Outcome = view): Promise<Outcome> {
  let outcome: Outcome = "pending";
  Promise.resolve(promise).then(
    (value) => {
      outcome = { value: show(value) };
    },
    (error) => {
      outcome = errorView(error);
    },
  );
  await drain();
  return outcome;
}

/**
 * Runs `body` while counting unhandled rejections (vitest's own listeners set aside meanwhile,
 * put back whatever happens), a few macrotasks after it finished.
 */
export async function countingUnhandled<T>(body: () => Promise<T>): Promise<{ result: T; unhandled: number }> {
  const others = process.listeners("unhandledRejection");
  others.forEach((listener) => process.off("unhandledRejection", listener));
  let unhandled = 0;
  const mine = () => void unhandled++;
  process.on("unhandledRejection", mine);
  try {
    const result = await body();
    await drain(6);
    return { result, unhandled };
  } finally {
    process.off("unhandledRejection", mine);
    others.forEach((listener) => process.on("unhandledRejection", listener));
  }
}
