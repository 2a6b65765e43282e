// What a thrown (or rejected) value looked like, read without trusting it: no accessor is
// called, `instanceof` is evaluated by walking prototypes (a static Symbol.hasInstance on
// the subject's class cannot forge it), and every read is guarded.
import type { Json } from "../scenario/data";
import type { ErrorObservation } from "../scenario/observation";
import { ErrorPrototype, objectFreeze } from "./intrinsics";
import { hasOnChain, isInstanceOf, isObjectLike, readOwn, readThroughChain, safeIsFrozen } from "./read";
import { toData } from "./to-data";

/**
 * An error field: the own data property, or (when there is no own property at all) the first
 * data property up the prototype chain, as classes keep `name` on the prototype. An accessor
 * met first, or no property, gives null.
 */
function field(error: unknown, key: string): Json {
  if (!isObjectLike(error)) return null;
  const own = readOwn(error, key);
  const read = own.kind === "absent" ? readThroughChain(error, key) : own;
  return read.kind === "data" ? toData(read.value) : null;
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
