// What a thrown (or rejected) value looked like, read without trusting it: `instanceof` is
// evaluated by walking prototypes (a static Symbol.hasInstance on the subject's class cannot
// forge it), and every read is guarded. The one accessor ever called is a getter standing for
// an error field (below), once, with the error as receiver.
import type { Json } from "../scenario/data";
import type { ErrorObservation } from "../scenario/observation";
import { ErrorPrototype, apply, getOwnPropertyDescriptor, getPrototypeOf, objectFreeze } from "./intrinsics";
import { hasOnChain, isInstanceOf, isObjectLike, readOwn, readThroughChain, safeIsFrozen } from "./read";
import { toData } from "./to-data";

/**
 * The getter of the first property named `key` on the chain of `error` (own first), or
 * undefined when that property is data, has no getter, or cannot be read.
 */
function getterOf(error: object, key: string): ((this: unknown) => unknown) | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 64 && isObjectLike(current); depth++) {
    try {
      const d = getOwnPropertyDescriptor(current, key);
      if (d !== undefined) return typeof d.get === "function" ? (d.get as (this: unknown) => unknown) : undefined;
      current = getPrototypeOf(current);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * An error field: the own data property, or (when there is no own property at all) the first
 * data property up the prototype chain, as classes keep `name` on the prototype. Contract §1
 * asks for `name === "ContextCompactionError"` and a readonly `code`, which a getter satisfies
 * as well as a data property (a private field behind `get code()`), so a getter met first is
 * called once with the error as receiver (issue 27 review); one that throws, a setter-only
 * field, or no property gives null.
 */
function field(error: unknown, key: string): Json {
  if (!isObjectLike(error)) return null;
  const own = readOwn(error, key);
  const read = own.kind === "absent" ? readThroughChain(error, key) : own;
  if (read.kind === "data") return toData(read.value);
  if (read.kind !== "accessor") return null;
  const getter = getterOf(error, key);
  if (getter === undefined) return null;
  try {
    return toData(apply(getter, error, []));
  } catch {
    return null;
  }
}

export function observeError(error: unknown, errorClass: unknown): ErrorObservation {
  return objectFreeze({
    isContextCompactionError: isInstanceOf(error, errorClass),
    isError: hasOnChain(error, ErrorPrototype),
    typeOf: typeof error,
    name: field(error, "name"),
    code: field(error, "code"),
    message: field(error, "message"),
    frozen: isObjectLike(error) ? safeIsFrozen(error) : true,
  });
}
