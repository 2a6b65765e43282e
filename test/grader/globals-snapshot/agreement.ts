// Run in a fresh node process (node --import tsx) by globals-snapshot.test.ts: the child entry's
// import order (settled globals, the library's snapshot, ours), then a series of changes to
// globals, each undone before the next. Prints, per change, what each check said, as JSON.
import "../../../src/grader/sandbox/child/settle-globals";
import { assertNoPoisoning } from "@fast-check/poisoning";
import { globalsUnchanged } from "../../../src/grader/sandbox/child/globals-snapshot";

type Verdicts = { readonly name: string; readonly fastClean: boolean; readonly libraryClean: boolean };

function libraryClean(): boolean {
  try {
    assertNoPoisoning();
    return true;
  } catch {
    return false;
  }
}

const results: Verdicts[] = [];
function probe(name: string, change: () => () => void): void {
  const undo = change();
  results.push({ name, fastClean: globalsUnchanged(), libraryClean: libraryClean() });
  undo();
  results.push({ name: `${name} (undone)`, fastClean: globalsUnchanged(), libraryClean: libraryClean() });
}

const replace = (target: object, key: PropertyKey, descriptor: PropertyDescriptor) => () => {
  const before = Object.getOwnPropertyDescriptor(target, key);
  Object.defineProperty(target, key, descriptor);
  return () => {
    if (before === undefined) delete (target as Record<PropertyKey, unknown>)[key];
    else Object.defineProperty(target, key, before);
  };
};
const remove = (target: object, key: PropertyKey) => () => {
  const before = Object.getOwnPropertyDescriptor(target, key)!;
  delete (target as Record<PropertyKey, unknown>)[key];
  return () => Object.defineProperty(target, key, before);
};

results.push({ name: "untouched", fastClean: globalsUnchanged(), libraryClean: libraryClean() });
probe("Array.prototype.map replaced", replace(Array.prototype, "map", { value: () => [], writable: true, configurable: true }));
probe("Array.prototype.map, same value, not writable", replace(Array.prototype, "map", { value: Array.prototype.map, writable: false, configurable: true }));
probe("JSON.stringify as a getter", replace(JSON, "stringify", { get: () => () => "", configurable: true }));
probe("Promise.prototype.then removed", remove(Promise.prototype, "then"));
probe("a new global", replace(globalThis, "planted", { value: 1, writable: true, configurable: true }));
probe("a new symbol on Object.prototype", replace(Object.prototype, Symbol("planted"), { value: 1, configurable: true }));
probe("a getter on Object.prototype.value", replace(Object.prototype, "value", { get: () => undefined, configurable: true }));
probe("Object.prototype.get as data", replace(Object.prototype, "get", { value: undefined, writable: true, configurable: true }));
probe("Math.max.name changed", replace(Math.max, "name", { value: "min", configurable: true }));
probe("one key removed, another added", () => {
  const undoRemove = remove(Reflect, "apply")();
  const undoAdd = replace(Reflect, "applyLater", { value: 1, configurable: true })();
  return () => {
    undoAdd();
    undoRemove();
  };
});
probe("Symbol.prototype[Symbol.toPrimitive] replaced", replace(Symbol.prototype, Symbol.toPrimitive, { value: () => "x", configurable: true }));
probe("a property on an object reachable only deep down", replace(Intl.DateTimeFormat.prototype, "formatRange", { value: () => "", writable: true, configurable: true }));

// A property the pre-check does not compare again (non-configurable, not writable) cannot change.
{
  let refused = false;
  try {
    Object.defineProperty(Math, "PI", { value: 3 });
  } catch {
    refused = true;
  }
  results.push({ name: `Math.PI redefined (${refused ? "refused" : "accepted"})`, fastClean: globalsUnchanged(), libraryClean: libraryClean() });
}

// A getter that removes itself when the check reads a descriptor field it lacks: it blinds
// assertNoPoisoning (it is gone by the time Object.prototype is compared), not the pre-check.
{
  let undoHidden = () => {};
  const undoReplace = replace(Object.prototype, "value", {
    get() {
      undoHidden();
      return undefined;
    },
    configurable: true,
  })();
  undoHidden = () => {
    undoReplace();
    undoHidden = () => {};
  };
  const fastClean = globalsUnchanged();
  const libraryVerdict = libraryClean();
  undoHidden();
  results.push({ name: "a self-removing getter on Object.prototype.value", fastClean, libraryClean: libraryVerdict });
}

process.stdout.write(JSON.stringify(results));
