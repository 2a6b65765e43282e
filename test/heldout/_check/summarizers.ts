// Summarizer scripts (contract §7 steps 4-6): what the summarizer returns (strings, promises,
// thenable chains and their corner cases, Proxies, tampered promises) and when the signal is
// aborted. `counts.then` counts the calls of every custom then the script creates.
import type { Rng } from "./rng";

export type Counts = { then: number };
export type Script = { label: string; summarizer: (request: unknown, signal: unknown) => unknown };

const never = () => new Promise(() => {});

function chain(n: number, value: unknown, counts: Counts): unknown {
  let v = value;
  for (let i = 0; i < n; i++) {
    const next = v;
    v = {
      then(resolve: (x: unknown) => void) {
        counts.then++;
        resolve(next);
      },
    };
  }
  return v;
}

function thenable(counts: Counts, body: (resolve: (x: unknown) => void, reject: (e: unknown) => void) => unknown): object {
  return {
    then(resolve: (x: unknown) => void, reject: (e: unknown) => void) {
      counts.then++;
      return body(resolve, reject);
    },
  };
}

function tamperedPromise(text: string, how: string): Promise<string> {
  const p = Promise.resolve(text);
  switch (how) {
    case "own-then-lies":
      Object.defineProperty(p, "then", { value: (f: (x: unknown) => void) => f("lie"), configurable: true });
      break;
    case "own-then-undefined":
      Object.defineProperty(p, "then", { value: undefined, configurable: true });
      break;
    case "ctor-throws-configurable":
      Object.defineProperty(p, "constructor", { configurable: true, get: () => { throw new Error("ctor"); } });
      break;
    case "ctor-throws-locked":
      Object.defineProperty(p, "constructor", { configurable: false, get: () => { throw new Error("ctor"); } });
      break;
    case "ctor-data-other":
      Object.defineProperty(p, "constructor", { configurable: true, value: Object });
      break;
  }
  return p;
}

/** The value a summarizer returns, by kind. */
export function valueOf(kind: string, text: string, counts: Counts): () => unknown {
  switch (kind) {
    case "string":
      return () => text;
    case "async-function":
      return () => (async () => text)();
    case "promise-now":
      return () => Promise.resolve(text);
    case "promise-later":
      return () => new Promise((resolve) => setImmediate(() => resolve(text)));
    case "promise-reject":
      return () => Promise.reject(new Error("no"));
    case "promise-reject-later":
      return () => new Promise((_, reject) => setImmediate(() => reject(new Error("later"))));
    case "throw":
      return () => {
        throw new Error("sync");
      };
    case "chain-1":
    case "chain-2":
    case "chain-63":
    case "chain-64":
    case "chain-65":
      return () => chain(Number(kind.slice(6)), text, counts);
    case "chain-native-inside":
      return () => chain(2, Promise.resolve(chain(1, text, counts)), counts);
    case "resolve-twice":
      return () => thenable(counts, (resolve) => (resolve(text), resolve("other")));
    case "reject-after-resolve":
      return () => thenable(counts, (resolve, reject) => (resolve(text), reject(new Error("late"))));
    case "resolve-after-reject":
      return () => thenable(counts, (resolve, reject) => (reject(new Error("first")), resolve(text)));
    case "throw-before":
      return () =>
        thenable(counts, () => {
          throw new Error("then");
        });
    case "throw-after":
      return () =>
        thenable(counts, (resolve) => {
          resolve(text);
          throw new Error("then after");
        });
    case "then-getter-throws":
      return () => ({
        get then() {
          throw new Error("then getter");
        },
      });
    case "then-not-callable":
      return () => ({ then: 5 });
    case "then-returns-rejecting":
      return () => thenable(counts, (resolve) => (resolve(text), Promise.reject(new Error("returned"))));
    case "then-returns-proxy":
      return () => thenable(counts, (resolve) => (resolve(text), new Proxy(Promise.resolve(1), {})));
    case "then-returns-thenable": {
      return () => {
        const inner = thenable(counts, (resolve) => resolve(text));
        return thenable(counts, (resolve) => (resolve(inner), inner));
      };
    }
    case "then-returns-locked":
      return () => thenable(counts, (resolve) => (resolve(text), tamperedPromise("x", "ctor-throws-locked")));
    case "proxy-promise":
      return () => new Proxy(Promise.resolve(text), {});
    case "proxy-object":
      return () => new Proxy({}, {});
    case "own-then-lies":
    case "own-then-undefined":
    case "ctor-throws-configurable":
    case "ctor-throws-locked":
    case "ctor-data-other":
      return () => tamperedPromise(text, kind);
    case "self-cycle":
      return () => {
        const t: { then?: unknown } = {};
        t.then = (resolve: (x: unknown) => void) => {
          counts.then++;
          resolve(t);
        };
        return t;
      };
    case "resolves-rejecting-promise":
      return () => thenable(counts, (resolve) => resolve(Promise.reject(new Error("inner"))));
    case "forged-rejection":
      return () => Promise.reject({ name: "ContextCompactionError", code: "CONTEXT_CANCELLED" });
    case "never":
      return never;
    case "never-thenable":
      return () => thenable(counts, () => undefined);
    case "number":
      return () => 42;
    case "message-object":
      return () => ({ role: "user", content: text });
    case "null":
      return () => null;
    default:
      throw new Error(`no summarizer kind ${kind}`);
  }
}

export const KINDS = [
  "string", "string", "string", "async-function", "promise-now", "promise-later", "promise-reject", "promise-reject-later", "throw",
  "chain-1", "chain-2", "chain-63", "chain-64", "chain-65", "chain-native-inside", "resolve-twice", "reject-after-resolve",
  "resolve-after-reject", "throw-before", "throw-after", "then-getter-throws", "then-not-callable", "then-returns-rejecting",
  "then-returns-proxy", "then-returns-thenable", "then-returns-locked", "proxy-promise", "proxy-object", "own-then-lies",
  "own-then-undefined", "ctor-throws-configurable", "ctor-throws-locked", "ctor-data-other", "self-cycle",
  "resolves-rejecting-promise", "forged-rejection", "never", "never-thenable", "number", "message-object", "null",
];

/** When the signal is aborted, relative to the call. */
export const ABORTS = ["none", "none", "none", "before", "inside-summarizer", "microtask", "macrotask"] as const;
export type Abort = (typeof ABORTS)[number];

export function script(r: Rng, kind: string, text: string, abort: Abort, controller: AbortController | null, counts: Counts): Script {
  const value = valueOf(kind, text, counts);
  const abortNow = () => controller?.abort();
  return {
    label: `${kind}, abort ${abort}`,
    summarizer: (_request, _signal) => {
      if (abort === "inside-summarizer") abortNow();
      if (abort === "microtask") queueMicrotask(abortNow);
      if (abort === "macrotask") setImmediate(abortNow);
      return value();
    },
  };
}
