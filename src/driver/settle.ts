// Waiting on what the subject returned, with a timeout, through the captured intrinsics only.
// What the driver awaits here is sealed and what it resolves is boxed (./intrinsics, box and
// sealed): no `then` or `constructor` the subject planted for a moment runs while it waits.
import {
  ErrorCtor,
  apply,
  box,
  clearTimeoutIntrinsic,
  deferred,
  isNativePromise,
  sealed,
  setImmediateIntrinsic,
  setTimeoutIntrinsic,
  thenIntrinsic,
  type Box,
} from "./intrinsics";
import { readThroughChain } from "./read";

export type Settled =
  | { readonly kind: "fulfilled"; readonly value: unknown }
  | { readonly kind: "rejected"; readonly reason: unknown }
  | { readonly kind: "timeout" };

/** Resolves after one macrotask (a setImmediate turn); sealed. */
export function macrotask(): Promise<void> {
  const d = deferred<void>();
  setImmediateIntrinsic(() => d.resolve());
  return sealed(d.promise);
}

/** Resolves after `count` macrotasks; sealed. */
export function macrotasks(count: number): Promise<void> {
  return sealed(macrotasksNow(count));
}

async function macrotasksNow(count: number): Promise<void> {
  for (let i = 0; i < count; i++) await macrotask();
}

/**
 * Settles like `await value` would (a native promise through the intrinsic then, another
 * thenable by calling its own `then` data property once, anything else as is), or times out.
 * Sealed, and the outcome boxed.
 */
export function settleWithin(value: unknown, timeoutMs: number): Promise<Box<Settled>> {
  const d = deferred<Box<Settled>>();
  let done = false;
  const finish = (s: Settled): void => {
    if (done) return;
    done = true;
    clearTimeoutIntrinsic(timer);
    d.resolve(box(s));
  };
  const timer = setTimeoutIntrinsic(() => finish({ kind: "timeout" }), timeoutMs);
  const fulfil = (v: unknown): void => finish({ kind: "fulfilled", value: v });
  const reject = (r: unknown): void => finish({ kind: "rejected", reason: r });
  if (isNativePromise(value)) {
    thenIntrinsic(value, fulfil, reject);
  } else {
    const then = readThroughChain(value, "then");
    if (then.kind === "data" && typeof then.value === "function") {
      const thenFn = then.value as (f: unknown, r: unknown) => unknown;
      try {
        apply(thenFn, value, [fulfil, reject]);
      } catch (error) {
        reject(error);
      }
    } else if (then.kind === "unreadable") {
      reject(new ErrorCtor("the returned value could not be read"));
    } else {
      fulfil(value);
    }
  }
  return sealed(d.promise);
}
