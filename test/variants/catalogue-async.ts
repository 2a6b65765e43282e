import type { Variant } from "./catalogue";
import { compactOutcome } from "./witness";

// Variants in how the summary value is observed (contract §7 step 5, §8): the 65th thenable,
// Proxy values, a native promise whose constructor lookup would run caller code, a promise
// reached again after being locked, and when the result is exposed after the value settled.

/** A chain of `length` generic thenables, the last delivering "summary"; counts then calls. */
function thenableChain(length: number): { head: unknown; calls: () => number } {
  let calls = 0;
  const link = (i: number): unknown => ({
    then(resolve: (value: unknown) => void) {
      calls++;
      resolve(i + 1 < length ? link(i + 1) : "summary");
    },
  });
  return { head: link(0), calls: () => calls };
}

/** contract §8: a native promise reached again after being locked in between (as the driver's promiseReachedAgain script). */
function reachedAgain(): unknown {
  const value: Record<string, unknown> = {};
  const promise = Promise.resolve(value);
  let late = 0;
  value.then = (resolve: (v: unknown) => void) => {
    late++;
    if (late > 1) return resolve("summary");
    Object.defineProperty(promise, "constructor", { value: Promise, writable: true, enumerable: false, configurable: true });
    resolve(promise);
  };
  let outer = 0;
  const thenable = () => {};
  thenable.then = (resolve: (v: unknown) => void) => {
    outer++;
    resolve(outer > 1 ? "summary" : promise);
  };
  return thenable;
}

export const asyncVariants: readonly Variant[] = [
  {
    id: "depth-checked-before-then",
    row: "a chain of 65 generic thenables",
    description: "Fails a thenable reached at level 64 on the chain without calling its then, so a chain of 65 makes 64 then calls",
    patches: [
      {
        file: "observe-async.ts",
        find: "  function observe(object: object, level: number): Observation {",
        replace: "  function observe(object: object, level: number, onMainChain = false): Observation {",
      },
      {
        file: "observe-async.ts",
        find: "    else observeThenable(object, observation, level);",
        replace: "    else observeThenable(object, observation, level, onMainChain);",
      },
      {
        file: "observe-async.ts",
        find: "  function observeThenable(thenable: object, observation: Observation, level: number): void {",
        replace: "  function observeThenable(thenable: object, observation: Observation, level: number, onMainChain = false): void {",
      },
      {
        file: "observe-async.ts",
        find: "    if (level > MAX_CONTEXT_ASYNC_DEPTH) {\n      // Only what a then returned gets here",
        replace:
          "    // The variant: a thenable the chain reaches at level 64 would deliver at level 65, so it is not called.\n" +
          "    if (level > MAX_CONTEXT_ASYNC_DEPTH || (onMainChain && level === MAX_CONTEXT_ASYNC_DEPTH)) {\n      // Only what a then returned gets here",
      },
      {
        file: "observe-async.ts",
        find: "    const observation = observe(received, level);",
        replace: "    const observation = observe(received, level, true);",
      },
    ],
    witness: {
      run: async (subject) => {
        const chain = thenableChain(65);
        const outcome = await compactOutcome(subject, { summarizer: () => chain.head });
        return `${outcome} after ${chain.calls()} then calls`;
      },
      core: "threw CONTEXT_SUMMARIZER_FAILED after 65 then calls",
      variant: "threw CONTEXT_SUMMARIZER_FAILED after 64 then calls",
    },
  },
  {
    id: "proxy-values-read-as-objects",
    row: "a Proxy around anything else, without a callable `then`",
    alsoRows: [
      "a Proxy whose `get` trap throws",
      "a Proxy with forwarding (non-throwing) traps around a native promise, as the summary value or as the value a `then` returns",
    ],
    description:
      "Reads a Proxy summary value like any object (its then through the get trap), refusing it only when its prototype chain, asked through the traps, holds Promise.prototype",
    patches: [
      {
        file: "observe-async.ts",
        find: "  function observe(object: object, level: number): Observation {",
        replace: `  /** The variant: a Proxy wraps a promise when Promise.prototype is on the prototype chain its traps report (a throwing trap: refused too). */
  function wrapsPromise(proxy: object): boolean {
    try {
      for (let p = getPrototypeOf(proxy); p !== null; p = getPrototypeOf(p)) if (p === IntrinsicPromise.prototype) return true;
      return false;
    } catch {
      return true;
    }
  }

  function observe(object: object, level: number, asValue = false): Observation {`,
      },
      {
        file: "observe-async.ts",
        find: "    if (isProxy(object)) {",
        replace: "    if (isProxy(object) && (!asValue || wrapsPromise(object))) {",
      },
      {
        file: "observe-async.ts",
        find: "    const observation = observe(received, level);",
        replace: "    const observation = observe(received, level, true);",
      },
      {
        file: "observe-async.ts",
        find: "import { SafeMap, apply, enqueueJob, isNativePromise, isProxy, reflectGet } from \"./intrinsics\";",
        replace: "import { IntrinsicPromise, SafeMap, apply, enqueueJob, getPrototypeOf, isNativePromise, isProxy, reflectGet } from \"./intrinsics\";",
      },
    ],
    witness: {
      run: async (subject) => {
        let traps = 0;
        const counting = new Proxy(Promise.resolve("summary"), {
          getPrototypeOf(target) {
            traps++;
            return Reflect.getPrototypeOf(target);
          },
        });
        return [
          await compactOutcome(subject, { summarizer: () => new Proxy({}, {}) }),
          await compactOutcome(subject, {
            summarizer: () =>
              new Proxy(
                {},
                {
                  get() {
                    throw new Error("the get trap throws");
                  },
                },
              ),
          }),
          `${await compactOutcome(subject, { summarizer: () => counting })} after ${traps > 0 ? "its traps ran" : "no trap"}`,
        ].join("; ");
      },
      core: "threw CONTEXT_ASYNC_VALUE_UNOBSERVABLE; threw CONTEXT_ASYNC_VALUE_UNOBSERVABLE; threw CONTEXT_ASYNC_VALUE_UNOBSERVABLE after no trap",
      variant: "threw CONTEXT_SUMMARY_INVALID; threw CONTEXT_SUMMARIZER_FAILED; threw CONTEXT_ASYNC_VALUE_UNOBSERVABLE after its traps ran",
    },
  },
  {
    id: "promise-accessor-constructor-pinned",
    row: "a native promise whose `constructor`/species lookup completes but runs caller code (own accessor, subclass, species getter)",
    description:
      "Never runs a promise's own constructor accessor: a configurable one is shadowed by the temporary constructor, a non-configurable one is UNOBSERVABLE",
    patches: [
      {
        file: "native-promise.ts",
        find: `export function observePromise(promise: object, onFulfilled: (value: unknown) => void, onRejected: () => void): boolean {
`,
        replace: `export function observePromise(promise: object, onFulfilled: (value: unknown) => void, onRejected: () => void): boolean {
  // The variant: an own accessor constructor is never run.
  const accessor = getOwnPropertyDescriptor(promise, "constructor");
  if (accessor !== undefined && (accessor.get !== undefined || accessor.set !== undefined)) {
    return accessor.configurable === true && retryWithOwnConstructor(promise, onFulfilled, onRejected);
  }
`,
      },
    ],
    witness: {
      run: (subject) => {
        const promise = Promise.resolve("summary");
        Object.defineProperty(promise, "constructor", { get: () => Promise, configurable: false });
        return compactOutcome(subject, { summarizer: () => promise });
      },
      core: "returned compacted",
      variant: "threw CONTEXT_ASYNC_VALUE_UNOBSERVABLE",
    },
  },
  {
    id: "promise-relocked-unobservable",
    row: "a native promise reached again after being locked in between",
    description: "A native promise that waits on itself and gained an own constructor since it was first reached is refused as locked (UNOBSERVABLE)",
    patches: [
      {
        file: "observe-async.ts",
        find: "    const observation = observe(received, level);",
        replace: `    const observation = observe(received, level);
    // The variant: a promise that waits on itself and gained an own constructor since it was first observed.
    if (observation.onChain && ownConstructorAtFirst.get(received) === false && getOwnPropertyDescriptor(received, "constructor") !== undefined) {
      return finish(unobservable("a native promise locked since it was first reached"), undefined);
    }`,
      },
      {
        file: "observe-async.ts",
        find: "    if (isNativePromise(object)) observeNative(object, observation);",
        replace: `    if (isNativePromise(object)) {
      ownConstructorAtFirst.set(object, getOwnPropertyDescriptor(object, "constructor") !== undefined);
      observeNative(object, observation);
    }`,
      },
      {
        file: "observe-async.ts",
        find: "  const seen = new SafeMap<object, Observation>();\n",
        replace: "  const seen = new SafeMap<object, Observation>();\n  const ownConstructorAtFirst = new SafeMap<object, boolean>();\n",
      },
      {
        file: "observe-async.ts",
        find: "import { SafeMap, apply, enqueueJob, isNativePromise, isProxy, reflectGet } from \"./intrinsics\";",
        replace: "import { SafeMap, apply, enqueueJob, getOwnPropertyDescriptor, isNativePromise, isProxy, reflectGet } from \"./intrinsics\";",
      },
    ],
    witness: {
      run: (subject) => compactOutcome(subject, { summarizer: () => reachedAgain() }),
      core: "threw CONTEXT_SUMMARIZER_FAILED",
      variant: "threw CONTEXT_ASYNC_VALUE_UNOBSERVABLE",
    },
  },
  {
    id: "second-order-return-unobserved",
    row: "a Proxy or locked promise returned by a `then` that was itself reached only as another `then`'s return value (second order or deeper)",
    description:
      "Watches what a then returns detached when that then was itself reached only as a return value: a Proxy or locked promise there fails the call only if that thenable is later delivered",
    patches: [
      {
        file: "observe-async.ts",
        find: "  function observe(object: object, level: number): Observation {",
        replace: "  function observe(object: object, level: number, asReturn = false): Observation {",
      },
      {
        file: "observe-async.ts",
        find: "    else observeThenable(object, observation, level);",
        replace: "    else observeThenable(object, observation, level, asReturn);",
      },
      {
        file: "observe-async.ts",
        find: "  function observeThenable(thenable: object, observation: Observation, level: number): void {",
        replace: "  function observeThenable(thenable: object, observation: Observation, level: number, asReturn = false): void {",
      },
      {
        file: "observe-async.ts",
        find: "      const inner = observe(result, level + 1);\n      if (inner.failure !== null) finish(inner.failure, undefined);",
        replace:
          "      const inner = observe(result, level + 1, true);\n" +
          "      // The variant: reached only as a return value, its own return's failure waits until it is delivered.\n" +
          "      if (inner.failure !== null) {\n" +
          "        if (asReturn) returnFailures.set(thenable, inner.failure);\n" +
          "        else finish(inner.failure, undefined);\n" +
          "      }",
      },
      {
        file: "observe-async.ts",
        find: "    const observation = observe(received, level);\n",
        replace: "    const observation = observe(received, level);\n    const returnFailure = returnFailures.get(received);\n    if (returnFailure !== undefined) return finish(returnFailure, undefined);\n",
      },
      {
        file: "observe-async.ts",
        find: "  const seen = new SafeMap<object, Observation>();\n",
        replace: "  const seen = new SafeMap<object, Observation>();\n  const returnFailures = new SafeMap<object, ContextCompactionError>();\n",
      },
    ],
    witness: {
      run: (subject) => {
        // The first then delivers the text and returns a thenable, whose then returns a Proxy around a native promise.
        const second = { then: () => new Proxy(Promise.resolve("inner"), {}) };
        return compactOutcome(subject, {
          summarizer: () => ({
            then(resolve: (value: unknown) => void) {
              resolve("summary");
              return second;
            },
          }),
        });
      },
      core: "threw CONTEXT_ASYNC_VALUE_UNOBSERVABLE",
      variant: "returned compacted",
    },
  },
  {
    id: "exposure-after-microtasks",
    row: "an abort in the microtasks between the value settling and the result's exposure",
    description: "Commits the settled summary three microtasks later (listener still attached), so an abort in between cancels",
    patches: [
      {
        file: "compaction.ts",
        find: `    try {
      resolve(commit(info, options, boundary, text, watch));
    } catch (failure) {
      reject(failure);
    }
    watch.stop();
  });`,
        replace: `    const exposeLater = (): void => {
      try {
        resolve(commit(info, options, boundary, text, watch));
      } catch (failure) {
        reject(failure);
      }
      watch.stop();
    };
    enqueueJob(() => enqueueJob(() => enqueueJob(exposeLater)));
  });`,
      },
      {
        file: "compaction.ts",
        find: "import { IntrinsicPromise, apply, freeze, sliceOf } from \"./intrinsics\";",
        replace: "import { IntrinsicPromise, apply, enqueueJob, freeze, sliceOf } from \"./intrinsics\";",
      },
    ],
    witness: {
      run: (subject) => {
        const controller = new AbortController();
        return compactOutcome(subject, {
          signal: controller.signal,
          summarizer: () => ({
            then(resolve: (value: unknown) => void) {
              resolve("summary");
              // Two jobs after then returned: after the core settled and exposed, before the variant commits.
              queueMicrotask(() => queueMicrotask(() => queueMicrotask(() => controller.abort())));
            },
          }),
        });
      },
      core: "returned compacted",
      variant: "threw CONTEXT_CANCELLED",
    },
  },
];
