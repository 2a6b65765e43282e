import type { Json } from "../../scenario/data";

// Every scenario element a report can print, in plain words (the glossary appendix of docs/contract.md
// lists them, and a test keeps the page and this module the same): what a summarizer does, how its native
// promises are dressed, when the signal is aborted, what kind of signal or summarizer the
// options carry, the hostile decorations of an input, the special values no JSON has, and the
// counters and facts the driver writes down. Reports print these words, never the internal
// names of the scenario data (`thenReturnsRejecting`, `proto "objectCreate"`, …).

export interface GlossaryEntry {
  /** Where the term appears in a scenario, e.g. "summarizer", "decoration". */
  readonly group: string;
  /** The internal name (the scenario data's), e.g. "thenReturnsRejecting". */
  readonly term: string;
  /** One line, in plain words. */
  readonly means: string;
}

type Fields = { readonly [field: string]: Json | undefined };
const str = (v: Json | undefined): string => (typeof v === "string" ? JSON.stringify(v) : String(v));

/** Where a thenableChain's thenables get their then from, in words ("" when it is their own). */
function inheritWords(inherit: Json | undefined): string {
  if (inherit === "class") return ", each an instance of a class whose prototype has the then method";
  if (inherit === "subclass") return ", each an instance of a subclass of a class whose prototype has the then method";
  if (inherit === "objectCreate") return ", each made with Object.create from an object holding then (no own then)";
  return "";
}

/** When an undefinedDelivered thenable calls its resolvers again. */
function whenWords(when: Json | undefined): string {
  return when === "inCall" ? " right after, inside the same then call" : when === "macrotask" ? " in a later macrotask" : " in a later microtask";
}

/** Summarizer scripts: what one call of the summarizer returns or throws. */
const SCRIPTS: Readonly<Record<string, { readonly means: string; readonly words: (s: Fields) => string }>> = {
  text: { means: "returns a text, at once or through a native promise", words: (s) => `returns ${str(s.text)}${s.delivery === "promise" ? " through a native promise" : ""}` },
  value: { means: "returns a value that may not be a string, at once or through a native promise", words: (s) => `returns ${jsonWords(s.value)}${s.delivery === "promise" ? " through a native promise" : ""}` },
  throw: { means: "throws a value synchronously", words: (s) => `throws ${jsonWords(s.value)}` },
  reject: { means: "returns a native promise rejected with a value", words: (s) => `returns a native promise rejected with ${jsonWords(s.value)}` },
  never: { means: "returns a native promise that never settles", words: () => "returns a native promise that never settles" },
  thenableChain: {
    means: "returns a chain of generic thenables, each delivering the next, the last delivering the text (each may inherit its then from a class or a prototype object, all may share one then so inherited, and may have no Object.prototype on its prototype chain)",
    words: (s) => `returns a chain of ${String(s.depth)} generic thenables${inheritWords(s.inherit)}${s.sharedThen === true ? ", all sharing that one then (one class or holder for the whole chain)" : ""}${s.nullPrototype === true ? ", each with no Object.prototype on its prototype chain (Object.create(null))" : ""}, each delivering the next, the last delivering ${str(s.text)}`,
  },
  nestedPromise: {
    means: "returns native promises and generic thenables nested in each other",
    words: (s) =>
      s.shape === "thenableInPromise"
        ? `returns a native promise resolved through ${String(s.thenables)} generic thenables (it arrives flattened, one level), delivering ${str(s.text)}`
        : `returns ${String(s.thenables)} generic thenables, the last delivering a native promise that resolves with ${str(s.text)}`,
  },
  thenGetterThrows: { means: "returns an object whose then getter throws", words: () => "returns an object whose then getter throws" },
  thenGetterDelivers: { means: "returns an object whose then is a getter (its reads counted) giving a then that delivers the text", words: () => "returns an object whose then getter gives a then delivering the text" },
  thenThrows: { means: "returns a thenable whose then throws, before or after it delivered the text", words: (s) => `returns a thenable whose then throws ${s.when === "afterResolving" ? `after delivering ${str(s.text)}` : "before delivering anything"}` },
  thenReturnsRejecting: { means: "returns a thenable whose then delivers the text and returns a native promise that rejects", words: (s) => `returns a thenable whose then delivers ${str(s.text)} and returns a native promise that rejects${s.when === "later" ? " later, after compactContext settled" : ""}` },
  thenReturnsLocked: {
    means: "returns a thenable whose then delivers the text and returns a value that cannot be observed (a locked promise, or a Proxy around a native promise)",
    words: (s) => `returns a thenable whose then delivers ${str(s.text)} and returns ${s.where === "proxy" ? "a Proxy around a native promise" : "a locked native promise"}${typeof s.order === "number" && s.order > 1 ? `, ${s.order} then calls deep` : ""}`,
  },
  thenableTwice: {
    means: "returns a thenable that delivers the same inner thenable twice (or delivers it and returns it), or thenables that deliver themselves (a cycle)",
    words: (s) => (s.shape === "deliveredTwice" ? `returns a thenable that delivers the same inner thenable twice, which delivers ${str(s.text)}` : s.shape === "deliveredAndReturned" ? `returns a thenable whose then delivers an inner thenable and also returns it; the inner delivers ${str(s.text)}` : s.shape === "selfCycle" ? "returns a thenable that delivers itself (a cycle)" : "returns two thenables that deliver each other (a cycle)"),
  },
  proxyPromise: { means: "returns a Proxy with forwarding traps around a native promise", words: (s) => `returns a Proxy with forwarding traps around a native promise resolving with ${str(s.text)}` },
  proxyValue: { means: "returns a Proxy around a plain object without then", words: (s) => `returns${s.via === "functionThenable" ? ", through a thenable," : ""} a Proxy around a plain object without then, whose get trap ${s.get === "throws" ? "throws" : "forwards"}` },
  lockedPromise: { means: "returns a native promise whose constructor or species is locked, so observing it would run the caller's code", words: (s) => `returns a native promise resolving with ${str(s.text)} whose ${s.lock === "ownAccessor" ? "own constructor is a locked getter" : s.lock === "ownSubclass" ? "own constructor is a locked subclass" : "subclass has a species getter"}` },
  promiseLookupThrows: {
    means: "returns a native promise whose constructor or species lookup throws, so observing it needs the one retry (or it is locked)",
    words: (s) => `returns a native promise whose ${s.where === "ownConstructor" ? "own constructor getter" : "inherited species getter"} throws (${s.undoable === true ? `the one retry can observe it${s.sealed === true ? ", though the promise is not extensible: the getter is configurable" : ""}` : "it is locked"}), and that ${s.settles === "rejects" ? "rejects" : `resolves with ${str(s.text)}`}`,
  },
  redefinedPromiseGlobal: { means: "returns a native promise after the realm's Promise constructor or species was redefined", words: (s) => `returns a native promise resolving with ${str(s.text)} after the realm's Promise.prototype.constructor or Promise[Symbol.species] was redefined` },
  resolversMisused: {
    means: "returns a thenable that calls its resolvers more than once",
    words: (s) => (s.order === "rejectFirst" ? `returns a thenable that rejects, then fulfils with ${str(s.text)}, then throws` : `returns a thenable that fulfils with a pending promise (of ${s.first === "thenlessProxy" ? "a Proxy without then" : str(s.text)}), then fulfils again${s.again === "rejectedPromise" ? " with a native promise that rejects" : ""}, rejects and throws`),
  },
  promiseReachedAgain: { means: "returns a thenable delivering a native promise whose value delivers that same promise again", words: () => "returns a thenable delivering a native promise whose value delivers that same promise again" },
  lateThenable: {
    means: "returns thenables that deliver in a later job, not inside the then call (one may throw, or return a string or a thenable, before delivering)",
    words: (s) =>
      s.shape === "throwsThenResolves"
        ? `returns a thenable whose then schedules ${str(s.text)} for later and then throws`
        : s.shape === "returnsTextThenResolves"
          ? `returns a thenable whose then schedules ${str(s.text)} for later and returns ${s.returns === "thenable" ? `a thenable delivering the string ${str(s.returned)} at once` : `the string ${str(s.returned)}`}`
          : `returns ${String(s.depth)} thenables, each delivering the next in a later ${String(s.when)}, the last delivering ${str(s.text)}`,
  },
  undefinedDelivered: {
    means: "returns a thenable whose then calls resolve(undefined) (and may then fulfil again with a text, or reject, which is ignored)",
    words: (s) =>
      `returns a thenable whose then calls resolve(undefined)${s.after === "text" ? `, then fulfils with ${str(s.text)}${whenWords(s.when)}` : s.after === "rejects" ? `, then rejects${whenWords(s.when)}` : " and nothing else"}`,
  },
  forgedError: { means: "rejects or throws with a value that looks like a ContextCompactionError with a code", words: (s) => `${s.delivery === "throw" ? "throws" : "rejects with"} ${s.form === "lookalike" ? "an object that looks like" : "a copy of"} a ContextCompactionError with code ${String(s.code)}` },
};

/** How a script dresses the native promises it hands out (an own then, a constructor). */
const DRESSES: Readonly<Record<string, string>> = {
  "then:undefined": "its own then is undefined",
  "then:nonCallable": "its own then is not callable",
  "then:lying": "its own then lies (it delivers another object)",
  "then:inheritedUndefined": "its prototype's then is undefined",
  "then:otherPrototype": "its prototype replaced by a plain class's (no then found, not instanceof Promise)",
  "ctor:object": "its own constructor is a plain object",
  "ctor:primitive": "its own constructor is a primitive",
  "ctor:throwingAccessor": "its own constructor is a configurable getter that throws",
};

/** What kind of function the summarizer is (a script's `callable`; absent: an ordinary function). */
const CALLABLES: Readonly<Record<string, string>> = {
  async: "the summarizer is an async function",
  bound: "the summarizer is a bound function",
  arrow: "the summarizer is an arrow function",
};

/** When the driver aborts the options' signal (src/scenario/scenario.ts AbortPoint). */
export const ABORT_POINTS: Readonly<Record<string, string>> = {
  none: "the signal is never aborted",
  beforeCall: "the signal is aborted before compactContext is called",
  inSummarizer: "the signal is aborted inside the summarizer, before it returns",
  whilePending: "the signal is aborted while the summary is pending",
  atSettlement: "the signal is aborted just before the summary settles",
  afterSettlement: "the signal is aborted after compactContext settled (it must change nothing)",
};

/** What the signal is aborted with (AbortReason, src/scenario/scenario.ts). */
export const ABORT_REASONS: Readonly<Record<string, string>> = {
  default: "the signal's reason is its default, a DOMException named AbortError (aborted without a reason)",
  error: "the signal's reason is an Error of the caller's",
  timeout: "the signal's reason is a DOMException named TimeoutError, as AbortSignal.timeout gives",
  text: "the signal's reason is a string",
  compactionError: "the signal's reason is a ContextCompactionError (of the submission's own class) whose code is CONTEXT_SUMMARIZER_FAILED",
};

/** What the options' signal is. */
const SIGNALS: Readonly<Record<string, string>> = {
  none: "no signal",
  controller: "an AbortController's signal",
  controllerMuted: "an AbortController's signal with a listener of the caller's that stops the abort event from reaching later listeners",
  controllerShadowed: "an AbortController's signal given an own property aborted that reads false (its real state is what AbortSignal.prototype.aborted reads)",
  fakeSignal: "an object shaped like an AbortSignal that is not one",
  abortController: "an AbortController itself, not its signal",
  signalPrototype: "an object made with Object.create(AbortSignal.prototype): instanceof AbortSignal, but no signal",
};

/** Hostile decorations of an input or of the options (src/driver/decorations). */
const DECORATIONS: Readonly<Record<string, { readonly means: string; readonly words: (at: string, d: Fields) => string }>> = {
  getter: { means: "a field turned into a getter (which counts its calls and returns the value)", words: (at) => `${at} is a getter` },
  setterOnly: { means: "a field turned into a setter without a getter (reading it gives undefined)", words: (at) => `${at} has a setter and no getter` },
  hole: { means: "an array item deleted, its length kept (a sparse array)", words: (at) => `${at} is a hole in its array` },
  nonEnumerable: { means: "a field made non-enumerable", words: (at) => `${at} is not enumerable` },
  prototype: {
    means: "an object given another prototype: an instance of a class, an Object.create of an object with an inherited field, an array carrying its fields, or a null prototype",
    words: (at, d) => (d.proto === "class" ? `${at} is an instance of a class` : d.proto === "objectCreate" ? `${at} is made by Object.create from an object with an inherited field` : d.proto === "array" ? `${at} is an array carrying the same fields as own properties` : `${at} has a null prototype`),
  },
  proxy: {
    means: "an object wrapped in a Proxy whose traps count their calls and forward (or one trap throws)",
    words: (at, d) => `${at} is behind a Proxy${typeof d.throwingTrap === "string" ? ` whose ${d.throwingTrap} trap throws${d.throwValue === undefined ? "" : ` ${jsonWords(d.throwValue)}`}${typeof d.throwingKey === "string" ? ` for the key ${JSON.stringify(d.throwingKey)}` : ""}` : ""}`,
  },
  symbolKey: { means: "an extra own enumerable property whose key is a Symbol", words: (at) => `${at} has an extra property with a Symbol key` },
  cycle: { means: "a field replaced by a reference to the object holding it (a cycle)", words: (at) => `${at} refers back to the object holding it (a cycle)` },
  alias: { means: "a field replaced by the very object found at another path (one container at two places, no cycle)", words: (at, d) => `${at} is the same object as ${Array.isArray(d.of) ? pathWords(String(d.target), d.of as readonly (string | number)[]) : "another field"}` },
  value: { means: "a field replaced by another value (possibly one no JSON has)", words: (at, d) => `${at} is ${jsonWords(d.value)}` },
  frozen: {
    means: "an object or array frozen by the caller before the call (Object.freeze), alone or with everything inside it",
    words: (at, d) => (d.deep === true ? `${at} is frozen, with every object and array inside it` : `${at} is frozen (what is inside it is not)`),
  },
};

/** Values no JSON has, as the scenario data tags them. */
const SPECIALS: Readonly<Record<string, string>> = {
  "-0": "-0",
  NaN: "NaN",
  Infinity: "Infinity",
  "-Infinity": "-Infinity",
  undefined: "undefined",
  function: "a function (counting its calls)",
  bigint: "a bigint",
  symbol: "a symbol",
  boxedString: "a String object (new String(…)), not a string",
  abortedSignal: "a genuine AbortSignal, already aborted",
  abortError: "a DOMException named AbortError (as an aborted fetch rejects with)",
  abortNamedError: "an Error whose name is AbortError",
};

/** Counters of calls the submission made into what the caller handed it. */
const COUNTERS: Readonly<Record<string, string>> = {
  getter: "calls of a getter of the input",
  setter: "calls of a setter of the input",
  function: "calls of a function found in the data",
  proxyTrap: "calls of a Proxy trap",
  fakeSignal: "calls into a fake signal",
  "then.calls": "calls of a thenable's then",
  "then.getter": "reads of a then getter",
  "then.repeat": "calls of a then already called (a thenable followed again)",
  "then.calls.returnsLocked": "calls of the thens that return a locked value",
  "constructor.getter": "reads of a promise's constructor getter",
  "constructor.notRestored": "promises left with a changed constructor after the retry",
  "species.getter": "reads of a species getter",
  "subclass.constructed": "promise subclasses constructed",
  "promise.ownThen": "calls of a native promise's own (lying) then",
  "proxyValue.get": "reads through a Proxy value's get trap",
};

/** Facts of identity the driver writes down. */
const IDENTITIES: Readonly<Record<string, string>> = {
  resultContextIsInput: "the fast path's context is the very context passed in",
  recordIsLastCompaction: "result.record is the last record of the new context",
  rebuildIsSame: "building a context this module built returns that very object",
  rebuildThrew: "building a context this module built threw",
  rebuildResultIsSame: "building compactContext's result.context returns that very object",
  resultIsInput: "the returned value is the input itself",
  returnedNativePromise: "compactContext returned a native promise",
  threwSynchronously: "compactContext threw instead of returning a promise",
  lateAbortChangedNothing: "an abort after compactContext settled changed nothing",
};

/** The summarizer's second argument, as the driver saw it. */
const SECOND_ARGUMENTS: Readonly<Record<string, string>> = {
  optionsSignal: "the options' signal itself",
  undefined: "undefined",
  unabortedSignal: "a fresh signal, not aborted",
  abortedSignal: "an aborted signal",
  abortedAfterCall: "a fresh signal, aborted once the summarizer was called",
  other: "something else",
};

// ---- words for a scenario's parts ----

/** A special value's words, or null when `v` is none. */
function specialWords(v: Json | undefined): string | null {
  if (v === null || typeof v !== "object" || Array.isArray(v) || typeof v.$cc !== "string") return null;
  if (v.$cc === "bigint") return `${String(v.value)}n`;
  if (v.$cc === "symbol") return `Symbol(${String(v.description)})`;
  if (v.$cc === "boxedString") return `new String(${JSON.stringify(String(v.value))})`;
  return SPECIALS[v.$cc] ?? null;
}

/** Any data value in words: JSON as it is, special values by their name. */
export function jsonWords(v: Json | undefined, max = 80): string {
  if (v === undefined) return "undefined";
  const special = specialWords(v);
  if (special !== null) return special;
  let text: string;
  try {
    text = JSON.stringify(v, (_key, item: unknown) => {
      const s = specialWords(item as Json);
      return s === null ? item : `⟨${s}⟩`;
    }).replace(/"⟨([^⟩]*)⟩"/g, "$1");
  } catch {
    text = String(v);
  }
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

/** What the summarizer does, with its dress. */
export function scriptWords(script: Fields): string {
  const kind = typeof script.kind === "string" ? script.kind : "";
  const callable = typeof script.callable === "string" ? CALLABLES[script.callable] : undefined;
  const base = `${SCRIPTS[kind]?.words(script) ?? `does something unnamed (${kind})`}${callable === undefined ? "" : ` (${callable})`}`;
  const dress = script.dress;
  if (dress === null || typeof dress !== "object" || Array.isArray(dress)) return base;
  const parts = Object.entries(dress).map(([part, value]) => DRESSES[`${part}:${String(value)}`]).filter((p): p is string => p !== undefined);
  return parts.length === 0 ? base : `${base} (its native promise dressed: ${parts.join(", ")})`;
}

export function abortWords(abort: string): string {
  return ABORT_POINTS[abort] ?? `the signal is aborted at ${abort}`;
}

/** The abort's reason in words; nothing for the default reason (or none given). */
export function abortReasonWords(reason: string | undefined): string {
  if (reason === undefined || reason === "default") return "";
  return ABORT_REASONS[reason] ?? `the signal's reason is ${reason}`;
}

export function signalWords(signal: Json | string): string {
  if (typeof signal === "string") return SIGNALS[signal] ?? signal;
  if (signal !== null && typeof signal === "object" && !Array.isArray(signal) && "value" in signal) return `signal ${jsonWords(signal.value as Json)}`;
  return jsonWords(signal as Json);
}

export function summarizerSlotWords(slot: Json | string): string {
  if (slot === "missing") return "no summarizer option";
  if (slot !== null && typeof slot === "object" && !Array.isArray(slot) && "value" in slot) return `summarizer ${jsonWords(slot.value as Json)}`;
  return "the summarizer";
}

/** "input.messages[0].content" → "the input's messages[0].content". */
export function pathWords(target: string, path: readonly (string | number)[]): string {
  const rest = path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? p : `.${p}`)).join("");
  if (rest === "") return target === "options" ? "the options" : "the input";
  return `${target === "options" ? "the options'" : "the input's"} ${rest}`;
}

export function decorationWords(d: { readonly kind: string; readonly target: string; readonly path: readonly (string | number)[]; readonly [field: string]: unknown }): string {
  const at = pathWords(d.target, d.path);
  return DECORATIONS[d.kind]?.words(at, d as unknown as Fields) ?? `${at} is decorated (${d.kind})`;
}

export function counterWords(name: string): string {
  if (name.startsWith("proxy.")) return `calls of a Proxy's ${name.slice("proxy.".length)} trap`;
  return COUNTERS[name] ?? name;
}

export function identityWords(name: string): string {
  return IDENTITIES[name] ?? name;
}

export function secondArgumentWords(name: string): string {
  return SECOND_ARGUMENTS[name] ?? name;
}

/** Every entry, for the glossary appendix of docs/contract.md. */
export function glossary(): GlossaryEntry[] {
  const of = (group: string, table: Readonly<Record<string, string>>) => Object.entries(table).map(([term, means]) => ({ group, term, means }));
  return [
    ...Object.entries(SCRIPTS).map(([term, s]) => ({ group: "summarizer", term, means: s.means })),
    ...of("dress", DRESSES),
    ...of("summarizer function", CALLABLES),
    ...of("abort", ABORT_POINTS),
    ...of("abort reason", ABORT_REASONS),
    ...of("signal", SIGNALS),
    ...Object.entries(DECORATIONS).map(([term, d]) => ({ group: "decoration", term, means: d.means })),
    ...of("value", SPECIALS),
    ...of("counter", COUNTERS),
    ...of("identity", IDENTITIES),
    ...of("second argument", SECOND_ARGUMENTS),
  ];
}

/** Every internal name a report must not print (the terms above that are not plain words; values such as NaN are printed by their JavaScript names). */
export function internalNames(): string[] {
  return glossary()
    .filter((e) => e.group !== "value")
    .map((e) => e.term)
    .filter((t) => /[a-z][A-Z]|\./.test(t));
}
