// frozen: the object or array at the path is frozen before the call, as a caller may hand over
// a snapshot it froze itself; with `deep`, every object and array reached from it through own
// data properties is frozen too. Freezing changes nothing the contract reads (§3: own data
// properties, their values and prototypes), so the input builds as the plain one would, and a
// build of it is still a new deep copy: only a context this module built comes back as itself.
import { SetCtor, objectFreeze, safeSetAdd, safeSetHas } from "../intrinsics";
import { isObjectLike, pushItem, readOwn, safeOwnKeys } from "../read";
import { ScenarioError } from "../scenario-error";
import type { DecorationKind } from "./registry";

/** Freezes `root` and every object and array below it (accessors are not called; each object once). */
function freezeDeep(root: object): void {
  const seen = new SetCtor<object>();
  const queue: object[] = [root];
  safeSetAdd(seen, root);
  for (let head = 0; head < queue.length; head++) {
    const value = queue[head];
    const keys = safeOwnKeys(value) ?? [];
    for (let i = 0; i < keys.length; i++) {
      const read = readOwn(value, keys[i]);
      if (read.kind !== "data" || typeof read.value !== "object" || read.value === null || safeSetHas(seen, read.value)) continue;
      safeSetAdd(seen, read.value);
      pushItem(queue, read.value);
    }
    objectFreeze(value);
  }
}

export const frozenDecoration: DecorationKind = {
  kind: "frozen",
  apply(site, decoration, ctx) {
    const value = site.get();
    if (!isObjectLike(value) || typeof value === "function") throw new ScenarioError(`a frozen decoration needs an object or array at ${site.label}`);
    // The driver's own reads: a Proxy placed below by another decoration counts none of them.
    ctx.counters.quiet(() => (decoration.deep === true ? freezeDeep(value) : objectFreeze(value)));
  },
};
