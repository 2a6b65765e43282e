// A fast, exact pre-check for @fast-check/poisoning's assertNoPoisoning, run after every case.
// Imported by the child entry right after @fast-check/poisoning, so both snapshots see the same
// globals (nothing runs between the two). It walks the same graph (every object or function
// reachable from globalThis through the `value` of string-keyed own properties) and records
// every own property's value, get and set, so that `globalsUnchanged()` is true exactly when
// assertNoPoisoning would find no diff:
// - removed or changed: a recorded key has no descriptor now, or a different value/get/set
//   (properties that can never change are not recorded: see isFixed);
// - added: with nothing removed, every key of the snapshot is still there, so a key was added
//   exactly when an object has more own keys than it had.
// It differs in cost (flat arrays and indexed loops instead of per-call Map iteration, array
// spreads and String() of every key) and in one guard: reading `value`, `get` or `set` on a
// descriptor that lacks it looks it up on Object.prototype, so a getter planted there would run
// inside the check (assertNoPoisoning's too) and could hide itself. Such a key is looked for
// first, without reading any descriptor, so no submission code runs during the check. The
// caller asks assertNoPoisoning for the report whenever this says something changed.

// Captured at import, before the submission loads (capture() runs then too).
const getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
const ownKeys = Reflect.ownKeys;
const sameValue = Object.is;
const ObjectPrototype = Object.prototype;
/** The descriptor fields Object.prototype did not have at import (all three, in Node). */
const absentFields: string[] = [];
for (const field of ["value", "get", "set"]) if (getOwnPropertyDescriptor(ObjectPrototype, field) === undefined) absentFields[absentFields.length] = field;

const objects: object[] = [];
/** Own keys recorded per object, in order: keys[starts[i] .. starts[i + 1]) belong to objects[i]. */
const starts: number[] = [];
/** Own keys of objects[i] at import. */
const counts: number[] = [];
const keys: PropertyKey[] = [];
const values: unknown[] = [];
const getters: unknown[] = [];
const setters: unknown[] = [];

/**
 * A non-configurable property that is an accessor, or data and not writable, can never be
 * removed or given another value, get or set (the invariants every object keeps, proxies
 * included), so it is not compared again. (V8's legacy `arguments` and `caller` of some
 * built-in functions are such properties, and reading them scans the stack: a sixth of the
 * time.) It still counts among the object's own keys.
 */
function isFixed(descriptor: PropertyDescriptor): boolean {
  return descriptor.configurable === false && (descriptor.get !== undefined || descriptor.set !== undefined || descriptor.writable === false);
}

function capture(): void {
  const seen = new Set<unknown>();
  const queue: unknown[] = [globalThis];
  for (let next = 0; next < queue.length; next++) {
    const instance = queue[next];
    if ((typeof instance !== "object" && typeof instance !== "function") || instance === null) continue;
    if (seen.has(instance)) continue;
    seen.add(instance);
    const own = ownKeys(instance);
    objects.push(instance);
    starts.push(keys.length);
    counts.push(own.length);
    for (const key of own) {
      const descriptor = getOwnPropertyDescriptor(instance, key)!;
      if (typeof key !== "symbol") queue.push(descriptor.value);
      if (isFixed(descriptor)) continue;
      keys.push(key);
      values.push(descriptor.value);
      getters.push(descriptor.get);
      setters.push(descriptor.set);
    }
  }
  starts.push(keys.length);
}

capture();

/** True when every global reachable at import is as it was (assertNoPoisoning would pass). */
export function globalsUnchanged(): boolean {
  for (let f = 0; f < absentFields.length; f++) {
    if (getOwnPropertyDescriptor(ObjectPrototype, absentFields[f]!) !== undefined) return false;
  }
  for (let i = 0; i < objects.length; i++) {
    const instance = objects[i]!;
    const end = starts[i + 1]!;
    for (let k = starts[i]!; k < end; k++) {
      const descriptor = getOwnPropertyDescriptor(instance, keys[k]!);
      if (descriptor === undefined) return false;
      if (!sameValue(descriptor.value, values[k]) || !sameValue(descriptor.get, getters[k]) || !sameValue(descriptor.set, setters[k])) return false;
    }
    if (ownKeys(instance).length !== counts[i]) return false;
  }
  return true;
}
