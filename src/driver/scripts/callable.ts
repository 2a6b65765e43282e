// What kind of function the summarizer is (a script's `callable`): contract §7 asks only for "a
// function", so an async function, a bound function and an arrow function are summarizers as an
// ordinary function is. Absent: an ordinary function. Each calls the recording summarizer once,
// with the same arguments, and gives back what it returns (or throws):
// - "async": an async function; what the script returns then reaches the subject inside the
//   async function's own native promise (a synchronous throw becomes its rejection). Only
//   scripts whose outcome that wrapping cannot change take it: a text, a value without then, a
//   throw, a rejection or a promise that never settles, none of them dressed.
// - "bound": the function's bind (captured at load) with no this;
// - "arrow": an arrow function.
import { apply, functionBind, isArray, objectHasOwn, objectKeys } from "../intrinsics";
import { ScenarioError } from "../scenario-error";
import type { ScriptData } from "./registry";

export type Callable = "async" | "bound" | "arrow";

const ASYNC_KINDS: readonly string[] = ["text", "value", "throw", "reject", "never"];

/** A value whose adoption by an async function could run code of its own: an object with a then key. */
function mayHaveThen(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  if (!isArray(value) && objectHasOwn(value, "then")) return true;
  const keys = objectKeys(value);
  for (let i = 0; i < keys.length; i++) if (mayHaveThen((value as Record<string, unknown>)[keys[i]])) return true;
  return false;
}

/** Throws ScenarioError unless the script's `callable` is absent, or one its kind takes. */
export function validateCallable(script: ScriptData): void {
  const callable = script.callable;
  if (callable === undefined) return;
  if (callable !== "async" && callable !== "bound" && callable !== "arrow") throw new ScenarioError('a script\'s `callable` is absent, "async", "bound" or "arrow"');
  if (callable !== "async") return;
  if (ASYNC_KINDS.indexOf(script.kind) < 0 || script.dress !== undefined || mayHaveThen(script.value)) {
    throw new ScenarioError(`an async summarizer only takes an undressed text, value without then, throw, reject or never (not ${script.kind})`);
  }
}

/** `fn` as the kind of function the script's `callable` says. */
export function callableSummarizer(fn: (...args: unknown[]) => unknown, callable: unknown): (...args: unknown[]) => unknown {
  switch (callable) {
    case "async":
      return async function summarizer(...args: unknown[]): Promise<unknown> {
        return apply(fn, undefined, args);
      };
    case "bound":
      return functionBind(fn, undefined) as (...args: unknown[]) => unknown;
    case "arrow":
      return (...args: unknown[]): unknown => apply(fn, undefined, args);
    default:
      return fn;
  }
}
