// Mistakes in observing the summarizer's value (§7 step 5), with their witnesses.
import { compact, options, usersInput, type Summarizer } from "../_witness/fixtures";
import { countingUnhandled } from "../_witness/observe";
import type { Impl } from "../_kit/impl";
import type { Mistake } from "./types";

/** What an async witness looks at: whether it compacted, and with which summary (not the boundary or the record, which other mistakes may change). */
export const summaryOnly = (value: unknown) => {
  const result = value as { status: string; context: { summary: unknown } };
  return { status: result.status, summary: result.context.summary as never };
};

/** compactContext(4 users) with this summarizer. */
const on = (m: Impl, summarizer: Summarizer) => compact(m, usersInput(4), options(summarizer), summaryOnly);

/** A compacted result (of 4 users) with a summary of this text (id s). */
export const compactedWith = (text: string) => ({ value: { status: "compacted", summary: { id: "s", content: text } } });

/** A resolved native promise whose own (configurable) constructor getter throws. */
function promiseWithThrowingConstructor(value: string): Promise<string> {
  const promise = Promise.resolve(value);
  Object.defineProperty(promise, "constructor", {
    configurable: true,
    get() {
      throw new Error("constructor lookup");
    },
  });
  return promise;
}

export const promiseResolveAwait: Mistake = {
  id: "promise-resolve-await",
  says: "A native promise is awaited through Promise.resolve(value).then, so its own constructor decides: a promise whose configurable constructor getter throws fails with CONTEXT_SUMMARIZER_FAILED; it must be observed with the intrinsic then, retried once with a temporary own constructor, and only a locked promise is CONTEXT_ASYNC_VALUE_UNOBSERVABLE.",
  breaks: "§7 step 5 (a native promise is observed by applying the intrinsic Promise.prototype.then; retry once with a temporary own constructor)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users) with a summarizer returning Promise.resolve('sum') whose own configurable constructor getter throws",
    run: (m) => on(m, () => promiseWithThrowingConstructor("sum")),
    expected: compactedWith("sum"),
  },
};

export const thenReturnIgnored: Mistake = {
  id: "then-return-ignored",
  says: "What a custom then returns is ignored; if it is an object it must be observed at once, so a Proxy around a native promise returned by then is CONTEXT_ASYNC_VALUE_UNOBSERVABLE.",
  breaks: "§7 step 5 (whatever a custom then returns, if it is another object, is observed at once)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users) with a summarizer returning { then(resolve) { resolve('sum'); return new Proxy(Promise.resolve('x'), {}) } }",
    run: (m) =>
      on(m, () => ({
        then(resolve: (v: unknown) => void) {
          resolve("sum");
          return new Proxy(Promise.resolve("x"), {});
        },
      })),
    expected: { error: "CONTEXT_ASYNC_VALUE_UNOBSERVABLE" },
  },
};

export const resolversNotOnce: Mistake = {
  id: "resolvers-not-once",
  says: "A thenable's reject called after its resolve still counts, so the summary fails; the resolvers act once: the first call wins.",
  breaks: "§7 step 5 (call then once, with resolvers that act once)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users) with a summarizer returning { then(resolve, reject) { resolve('sum'); reject(new Error()) } }",
    run: (m) =>
      on(m, () => ({
        then(resolve: (v: unknown) => void, reject: (e: unknown) => void) {
          resolve("sum");
          reject(new Error("late"));
        },
      })),
    expected: compactedWith("sum"),
  },
};

export const thenableIdentityLost: Mistake = {
  id: "thenable-identity-lost",
  says: "A thenable reached again is called again, so a thenable that resolves with itself is called at every level until the depth limit; the same thenable reached twice is called once, and a cycle fails with CONTEXT_SUMMARIZER_FAILED at once.",
  breaks: "§7 step 5 (the same thenable reached twice is called once; a cycle → CONTEXT_SUMMARIZER_FAILED)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users) with a thenable whose then resolves with the thenable itself, counting then calls",
    run: async (m) => {
      let calls = 0;
      const cycle: { then?: unknown } = {};
      cycle.then = (resolve: (v: unknown) => void) => {
        calls++;
        resolve(cycle);
      };
      const outcome = await on(m, () => cycle);
      return { outcome, calls };
    },
    expected: { outcome: { error: "CONTEXT_SUMMARIZER_FAILED" }, calls: 1 },
  },
};

export const unhandledOnFailure: Mistake = {
  id: "unhandled-on-failure",
  says: "Every failed compaction leaves a rejected promise nobody handles (an unhandledRejection reaches the process); every rejection the module makes or observes must be handled.",
  breaks: "§7 step 5 (every rejection that the module observes is handled: no unhandledRejection ever reaches the process)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users) with a summarizer that throws, counting unhandledRejection events",
    run: async (m) => {
      const { result, unhandled } = await countingUnhandled(() =>
        on(m, () => {
          throw new Error("down");
        }),
      );
      return { outcome: result, unhandled };
    },
    expected: { outcome: { error: "CONTEXT_SUMMARIZER_FAILED" }, unhandled: 0 },
  },
};

export const proxyPromiseFailed: Mistake = {
  id: "proxy-promise-failed",
  says: "A Proxy around a native promise is refused with CONTEXT_SUMMARIZER_FAILED; the seed fixes CONTEXT_ASYNC_VALUE_UNOBSERVABLE for it.",
  breaks: "§7 step 5 (a Proxy whose target is a native promise → CONTEXT_ASYNC_VALUE_UNOBSERVABLE); §8",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users) with a summarizer returning new Proxy(Promise.resolve('sum'), {})",
    run: (m) => on(m, () => new Proxy(Promise.resolve("sum"), {})),
    expected: { error: "CONTEXT_ASYNC_VALUE_UNOBSERVABLE" },
  },
};

export const forgedErrorCode: Mistake = {
  id: "forged-error-code",
  says: "A promise rejected with an object that looks like a ContextCompactionError passes its code on; callers cannot forge a code: any rejection is CONTEXT_SUMMARIZER_FAILED.",
  breaks: "§7 step 5 (a value rejected with something that looks like a ContextCompactionError still yields CONTEXT_SUMMARIZER_FAILED)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users) with a summarizer returning Promise.reject({ name: 'ContextCompactionError', code: 'CONTEXT_CANCELLED' })",
    run: (m) => on(m, () => Promise.reject({ name: "ContextCompactionError", code: "CONTEXT_CANCELLED", message: "forged" })),
    expected: { error: "CONTEXT_SUMMARIZER_FAILED" },
  },
};

/** A chain of `n` generic thenables, the last delivering the text. */
export function thenableChain(n: number, text: string): unknown {
  let value: unknown = text;
  for (let i = 0; i < n; i++) {
    const next = value;
    value = { then: (resolve: (v: unknown) => void) => resolve(next) };
  }
  return value;
}

export const noDepthCap: Mistake = {
  id: "no-depth-cap",
  says: "Thenable chains deeper than 64 levels are adopted; a value received at a level above 64 fails with CONTEXT_SUMMARIZER_FAILED (64 thenables are accepted, 65 fail).",
  breaks: "§7 step 5 (a value received at a level above 64 → CONTEXT_SUMMARIZER_FAILED)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users) with a summarizer returning a chain of 65 generic thenables delivering 'sum'",
    run: (m) => on(m, () => thenableChain(65, "sum")),
    expected: { error: "CONTEXT_SUMMARIZER_FAILED" },
  },
};
