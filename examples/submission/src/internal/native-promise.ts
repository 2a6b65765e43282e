// Observing a native promise (contract §7 step 5): the intrinsic Promise.prototype.then,
// captured at load, is applied to it. The engine then looks up the promise's `constructor`
// and species, so caller code may run here (an own accessor, a subclass, a species getter);
// that is allowed, and realm-wide changes that leave the intrinsic then working change
// nothing. If the application throws, the promise gets one retry with a temporary own data
// `constructor` equal to the intrinsic Promise (only when that can be undone: an own
// configurable `constructor`, or none and the promise extensible), after which the promise is
// restored as it was. A promise that still cannot be observed is "locked".
import {
  IntrinsicPromise,
  apply,
  defineProperty,
  deleteProperty,
  getOwnPropertyDescriptor,
  isExtensible,
  promiseThen,
} from "./intrinsics";

/** Attaches the two handlers; false when the promise is locked (nothing was attached). */
export function observePromise(promise: object, onFulfilled: (value: unknown) => void, onRejected: () => void): boolean {
  // A throw leaves nothing attached: the species lookup (NewPromiseCapability) comes before
  // the reactions are registered.
  try {
    apply(promiseThen, promise, [onFulfilled, onRejected]);
    return true;
  } catch {
    return retryWithOwnConstructor(promise, onFulfilled, onRejected);
  }
}

function retryWithOwnConstructor(promise: object, onFulfilled: (value: unknown) => void, onRejected: () => void): boolean {
  // A native promise is an ordinary object: reading its descriptor runs nothing.
  const own = getOwnPropertyDescriptor(promise, "constructor");
  // A retry where it cannot be undone changes no outcome §8 fixes: Reflect.defineProperty then
  // answers false and the retry meets the same lookup, caller code (§8: the text, or locked).
  // Stryker disable next-line ConditionalExpression: see above
  const undoable = own === undefined ? isExtensible(promise) : own.configurable === true;
  // Stryker disable next-line ConditionalExpression: see above
  if (!undoable) return false;
  // The engine reads the own data property and then the intrinsic Promise's species.
  // Stryker disable next-line BooleanLiteral: writable and enumerable are undone with the property; only configurable matters
  defineProperty(promise, "constructor", { value: IntrinsicPromise, writable: true, enumerable: false, configurable: true });
  let observed = true;
  try {
    apply(promiseThen, promise, [onFulfilled, onRejected]);
  } catch {
    observed = false;
  }
  // Restored as it was: the caller's own property back, or none. (Caller code run by the
  // species lookup may have made this impossible, e.g. by freezing the promise: then the
  // Reflect call answers false and the temporary property stays.)
  if (own === undefined) deleteProperty(promise, "constructor");
  else defineProperty(promise, "constructor", own);
  return observed;
}
