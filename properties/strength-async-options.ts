import fc from "fast-check";
import type { CheckInput, Decoration, Json, Observation, PropertyDefinition, Scenario, Verdict } from "../src/scenario";
import type { SignalSlot, SummarizerScript, SummarizerSlot } from "../src/scenario";
import { compactScenarios, validBoundaryScenarios } from "./_internals/arbitraries";
import { noUnhandledRejection } from "./_internals/outcome";
import { allOf, fail, mismatch, pass, show } from "./_internals/format";
import { defineStrength, editedCompact, modelAgrees, onCompaction, textOf } from "./_internals/strength-define";

// Strength properties for survivors of the mutation run in options and awaiting the summarizer: options.ts, observe-async.ts, errors.ts
// (docs/mutation.md). Each is shown to fail on a mutant of
// test/mutants/catalogue-gaps-async-options.ts (test/mutants/strength-kills.test.ts).
//
// Each property runs only 10 cases under StrykerJS, so each one picks between at most two
// kinds of case (a mutant killed by one kind is missed with probability 2^-10): every
// invalid option value gets its own property rather than one rare regime of a general one.

const ID_FIELDS = ["summaryId", "recordId"] as const;
// The last is blank and past 65,536 code points: two rules broken, either code (§8, first row).
const BLANK_IDS: readonly string[] = ["", " ", "\t\n", "\u00a0", "\u2003\ufeff", " ".repeat(65_537)];
// Not strings. Numbers, booleans and objects make String.prototype.trim-like checks pass
// (their first character is visible once converted), null and undefined make them throw.
const NON_STRING_IDS: readonly Json[] = [1, 0, true, false, null, { $cc: "undefined" }, { id: "s" }];

const setId = (field: string, value: Json) => editedCompact(`id:${field}`, (op) => ({ ...op, options: { ...(op.options as Record<string, Json>), [field]: value } }));

const blankIdScenarios = (): fc.Arbitrary<Scenario> =>
  onCompaction(fc.tuple(fc.constantFrom(...ID_FIELDS), fc.constantFrom(...BLANK_IDS)), ([field, value]) => setId(field, value));

const nonStringIdScenarios = (): fc.Arbitrary<Scenario> =>
  onCompaction(fc.tuple(fc.constantFrom(...ID_FIELDS), fc.constantFrom(...NON_STRING_IDS)), ([field, value]) => setId(field, value));

const NOT_FUNCTIONS: readonly SummarizerSlot[] = ["missing", { value: "summarize" }, { value: null }, { value: 7 }, { value: { call: "x" } }, { value: [] }, { value: { $cc: "undefined" } }];

/**
 * Half the time (the last draw of a case, so the other half is generated and shrunk as before)
 * the summarizer is a function of another kind, an async, bound or arrow function delivering
 * the compaction's text: §7 asks for a function, so it is a summarizer like any other (an
 * `Object.prototype.toString` or `fn.prototype` test refuses it; held-out s21).
 */
const CALLABLES: readonly (string | null)[] = [null, null, null, "async", "bound", "arrow"];

const summarizerScenarios = (): fc.Arbitrary<Scenario> =>
  onCompaction(fc.tuple(fc.constantFrom(...NOT_FUNCTIONS), fc.constantFrom(...CALLABLES), fc.constantFrom<"sync" | "promise">("sync", "promise")), ([slot, callable, delivery]) =>
    callable === null
      ? editedCompact("summarizer:not-function", (op) => ({ ...op, summarizerSlot: slot }))
      : withAimedScript(`summarizer:${callable}-function`, (text) => ({ kind: "text", text, delivery, callable }), "none"),
  );

// Half primitives and null (refused before the intrinsic getter is asked), half objects that
// are not signals (refused by its brand check); and undefined, which like an absent signal
// means none (contract §7: accepted, whatever the context needs).
const PRIMITIVE_SIGNALS: readonly SignalSlot[] = [{ value: null }, { value: 5 }, { value: "abort" }, { value: true }, { value: { $cc: "symbol", description: "signal" } }, { value: { $cc: "undefined" } }];
const OBJECT_SIGNALS: readonly SignalSlot[] = ["fakeSignal", { value: {} }, { value: { aborted: false } }, { value: { $cc: "function" } }, { value: [] }];

/**
 * The primitives, where half the time 5, "abort" and true are their falsy counterparts 0, ""
 * and false: signals all the same, not genuine ones, so refused, never taken for no signal
 * (an `if (!signal)` check; held-out s20). The coin is drawn after the primitive, the last draw
 * of a case, so every other case is generated (and shrunk) as it was before the falsy ones came.
 */
const FALSY_COUNTERPART: ReadonlyMap<Json, Json> = new Map<Json, Json>([
  [5, 0],
  ["abort", ""],
  [true, false],
]);
const primitiveSignals = (slots: readonly SignalSlot[]): fc.Arbitrary<SignalSlot> =>
  fc.tuple(fc.constantFrom(...slots), fc.boolean()).map(([slot, falsy]) => {
    if (!falsy || typeof slot !== "object" || !FALSY_COUNTERPART.has(slot.value)) return slot;
    return { value: FALSY_COUNTERPART.get(slot.value)! };
  });

/**
 * The objects, where a third of the time the object is an AbortController itself (its signal is
 * the genuine one, the controller is not: refused, not unwrapped; held-out s24), and a third an
 * object made with Object.create(AbortSignal.prototype) (instanceof holds, the intrinsic getter
 * refuses it: no signal; held-out b2). Drawn last, as the falsy primitives are, so every other
 * case is generated (and shrunk) as before.
 */
const objectSignals = (): fc.Arbitrary<SignalSlot> =>
  fc.tuple(fc.constantFrom(...OBJECT_SIGNALS), fc.constantFrom("slot", "controller", "prototype")).map(([slot, coin]) => (coin === "controller" ? "abortController" : coin === "prototype" ? "signalPrototype" : slot));

const signalScenarios = (): fc.Arbitrary<Scenario> =>
  onCompaction(fc.oneof(primitiveSignals(PRIMITIVE_SIGNALS), objectSignals()), (slot) =>
    editedCompact("signal:not-a-signal", (op) => ({ ...op, signal: slot, abort: "none" })),
  );

/**
 * The same values on a context that needs no compaction: options are checked before the fast
 * path of step 2 (contract §7), so a later read of the signal cannot stand in for the check.
 */
const fastPathSignalScenarios = (): fc.Arbitrary<Scenario> =>
  fc.tuple(compactScenarios("belowThreshold"), fc.oneof(primitiveSignals(PRIMITIVE_SIGNALS.slice(1)), objectSignals())).map(([scenario, slot]) =>
    editedCompact("signal:not-a-signal-fast-path", (op) => ({ ...op, signal: slot, abort: "none" }))(scenario),
  );

/**
 * options.signal as an accessor (a getter returning a genuine signal, or a setter only), on a
 * context that compacts or needs no compaction: refused unread, like any accessor (§3, §7).
 */
const signalAccessorScenarios = (): fc.Arbitrary<Scenario> =>
  fc.tuple(fc.oneof(compactScenarios("compacts"), compactScenarios("belowThreshold")), fc.constantFrom("getter", "setterOnly")).map(([scenario, kind]) =>
    editedCompact(`signal:${kind}`, (op) => ({ ...op, signal: "controller", abort: "none" }), [{ kind, target: "options", path: ["signal"] }])(scenario),
  );

/** A Proxy that forwards every trap to the driver's genuine signal. */
const SIGNAL_DISGUISES: readonly Decoration[] = [
  { kind: "proxy", target: "options", path: ["signal"] },
  { kind: "prototype", target: "options", path: ["signal"], proto: "null" },
  { kind: "prototype", target: "options", path: ["signal"], proto: "objectCreate" },
];
const proxiedSignalScenarios = (): fc.Arbitrary<Scenario> =>
  onCompaction(fc.tuple(fc.constantFrom<"controller" | "controllerMuted">("controller", "controllerMuted"), fc.constantFrom(...SIGNAL_DISGUISES)), ([slot, disguise]) =>
    editedCompact(`signal:${disguise.kind}-${String(disguise.proto ?? "")}`, (op) => ({ ...op, signal: slot, abort: "none" }), [disguise]),
  );

/** `scenarios` with their options given one of the prototypes `protos` (the driver's prototype decoration). */
const optionsWithPrototype = (scenarios: fc.Arbitrary<Scenario>, protos: readonly [string, ...string[]]): fc.Arbitrary<Scenario> =>
  fc.tuple(scenarios, fc.constantFrom(...protos)).map(([scenario, proto]) => ({
    ...scenario,
    decorations: [{ kind: "prototype", target: "options", path: [], proto }],
    labels: [...(scenario.labels ?? []), `options:prototype-${proto}`],
  }));

/** Options of either operation that are an instance of a class or inherit from an object. */
const nonPlainOptionsScenarios = (): fc.Arbitrary<Scenario> =>
  // Drawn last (the other draws of a case stay as they were): one in four is an array carrying
  // the fields as own properties, an object `typeof` calls "object" that is no plain object.
  fc.tuple(optionsWithPrototype(fc.oneof(validBoundaryScenarios(), compactScenarios("compacts")), ["class", "objectCreate"]), fc.integer({ min: 0, max: 3 })).map(([scenario, coin]) =>
    coin !== 0
      ? scenario
      : { ...scenario, decorations: [{ kind: "prototype", target: "options", path: [], proto: "array" }], labels: [...(scenario.labels ?? []).filter((l) => !l.startsWith("options:prototype-")), "options:prototype-array"] },
  );

/**
 * Options of either operation with a null prototype (as Object.create(null) makes them, the
 * same fields): plain data (contract §6, §7), so the answer is the plain options' (a boundary,
 * a compaction, or the unchanged fast path).
 */
const nullPrototypeOptionsScenarios = (): fc.Arbitrary<Scenario> =>
  optionsWithPrototype(fc.oneof(validBoundaryScenarios(), compactScenarios("compacts"), compactScenarios("belowThreshold")), ["null"]);

/**
 * Boundary options carrying an extra `signal` accessor (on data of any kind): the contract's
 * §6 options have no signal, so it is an extra property, dropped unread.
 */
const boundarySignalAccessorScenarios = (): fc.Arbitrary<Scenario> =>
  fc.tuple(validBoundaryScenarios(), fc.constantFrom<Json>(0, "signal", null, { aborted: true })).map(([scenario, value]) => {
    const op = scenario.operation;
    if (op.kind !== "boundary") return scenario;
    return {
      operation: { ...op, options: { ...(op.options as Record<string, Json>), signal: value } },
      decorations: [{ kind: "getter", target: "options", path: ["signal"] }],
      labels: [...(scenario.labels ?? []), "boundary:signal-accessor"],
    };
  });

/**
 * Boundary options carrying an extra `signal` data field: a genuine AbortSignal already aborted
 * (twice as often), or data shaped like an aborted one. §6's options are three fields, any
 * other is ignored, so the answer is the same as without it (never CONTEXT_CANCELLED, never a
 * refused signal).
 */
const EXTRA_BOUNDARY_SIGNALS: readonly Json[] = [{ $cc: "abortedSignal" }, { $cc: "abortedSignal" }, { aborted: true }, "aborted"];

const boundaryAbortedSignalScenarios = (): fc.Arbitrary<Scenario> =>
  fc.tuple(validBoundaryScenarios(), fc.constantFrom(...EXTRA_BOUNDARY_SIGNALS)).map(([scenario, value]) => {
    const op = scenario.operation;
    if (op.kind !== "boundary") return scenario;
    const kind = typeof value === "string" ? "text" : "$cc" in (value as Record<string, Json>) ? "aborted-signal" : "object";
    return { ...scenario, operation: { ...op, options: { ...(op.options as Record<string, Json>), signal: value } }, labels: [...(scenario.labels ?? []), `boundary:signal-${kind}`] };
  });

function noAccessorCalled(observation: Observation): Verdict {
  const calls = observation.hostile["getter"] ?? 0;
  return calls === 0 ? pass : fail(`expected the extra signal accessor never called, observed ${calls} call(s) (${show(observation.hostile)})`);
}

const withScript = (label: string, script: SummarizerScript) => editedCompact(label, (op) => ({ ...op, summarizer: script, summarizerSlot: "script" }));

// Half null (not an object: no then to read), half objects and functions without a callable
// then (not thenables: the value itself). All are a summary that is not a string.
const NON_THENABLE_OBJECTS: readonly Json[] = [{}, { then: 1 }, { then: null }, { then: "then" }, [1], { $cc: "function" }];

const nonStringSummaryScenarios = (): fc.Arbitrary<Scenario> =>
  onCompaction(fc.tuple(fc.oneof(fc.constant<Json>(null), fc.constantFrom(...NON_THENABLE_OBJECTS)), fc.constantFrom<"sync" | "promise">("sync", "promise")), ([value, delivery]) =>
    withScript(`summary:${value === null ? "null" : "object"}-${delivery}`, { kind: "value", value, delivery }),
  );

const thenThrowsScenarios = (): fc.Arbitrary<Scenario> =>
  onCompaction(fc.constantFrom<[SignalSlot, "none" | "afterSettlement"]>(["none", "none"], ["controller", "none"], ["controller", "afterSettlement"]), ([signal, abort]) =>
    editedCompact("thenThrows:beforeResolving", (op) => ({ ...op, summarizer: { kind: "thenThrows", when: "beforeResolving", text: "late" }, summarizerSlot: "script", signal, abort })),
  );

const tooDeepChainScenarios = (): fc.Arbitrary<Scenario> =>
  onCompaction(fc.integer({ min: 65, max: 70 }), (depth) =>
    editedCompact(`chain:depth-${depth}`, (op) => ({ ...op, summarizer: { kind: "thenableChain", depth, text: "deep" }, summarizerSlot: "script", signal: "none", abort: "none" })),
  );

/**
 * Contract §7 step 5 and §8: a value received above level 64 fails; whether the 65th then is
 * called before failing is open, but never a 66th.
 */
function stopsAt64({ observation }: CheckInput): Verdict {
  const calls = observation.hostile["then.calls"] ?? 0;
  return calls <= 65 ? pass : mismatch("calls of the chain's then methods", "at most 65", calls);
}

/** The generated compaction with `script(text)` as summarizer, signal or not, never aborted. */
const withAimedScript = (label: string, script: (text: string) => SummarizerScript, signal: SignalSlot) =>
  editedCompact(label, (op) => ({ ...op, summarizer: script(textOf(op)), summarizerSlot: "script", signal, abort: "none" }));

const SIGNALS: readonly SignalSlot[] = ["none", "controller"];

/**
 * A native promise returned while Promise.prototype.constructor (or, below, Promise's
 * Symbol.species) is deleted or names something else; the driver restores it when the call
 * returns. Each change alone reaches a different part of the descriptor checks: a deleted
 * one has no descriptor at all, a replaced one has another value or getter.
 */
const redefinedGlobalScenarios = (changes: readonly string[]): fc.Arbitrary<Scenario> =>
  onCompaction(fc.tuple(fc.constantFrom(...changes), fc.constantFrom(...SIGNALS)), ([change, signal]) =>
    withAimedScript(`promiseGlobal:${change}`, (text) => ({ kind: "redefinedPromiseGlobal", change, text }), signal),
  );

/**
 * The same, where half the time (a coin drawn last: every other case as before) the realm is
 * left alone and the promise's own prototype is replaced by a plain class's: the constructor a
 * lookup finds is another one, no then is found, and it is no instanceof Promise, yet it is a
 * native promise by its internal slot, observed with the intrinsic then: the text (§7 step 5;
 * no caller code runs, so §8 leaves no other outcome; held-out b3).
 */
const redefinedConstructorScenarios = (changes: readonly string[]): fc.Arbitrary<Scenario> =>
  onCompaction(fc.tuple(fc.constantFrom(...changes), fc.constantFrom(...SIGNALS), fc.boolean()), ([change, signal, ownPrototype]) =>
    ownPrototype
      ? withAimedScript("promiseGlobal:own-prototype-replaced", (text) => ({ kind: "text", text, delivery: "promise", dress: { then: "otherPrototype" } }) as SummarizerScript, signal)
      : withAimedScript(`promiseGlobal:${change}`, (text) => ({ kind: "redefinedPromiseGlobal", change, text }), signal),
  );

/**
 * A function with a callable then whose later resolver calls must be ignored: fulfilled first
 * with a promise still pending (it brings a Proxy without then, a non-string; the later
 * calls, another text, a rejection and a throw, arrive while it is pending), or rejected first
 * (then fulfilled with the text, and a throw). Each case reaches a different guard.
 */
const RESOLVER_MISUSES: readonly [string, (text: string) => SummarizerScript][] = [
  ["fulfil-first", (text) => ({ kind: "resolversMisused", order: "fulfilFirst", first: "thenlessProxy", text })],
  ["reject-first", (text) => ({ kind: "resolversMisused", order: "rejectFirst", first: "text", text })],
];

/**
 * The same, where half the time (a coin drawn last: every other case as before) the second
 * fulfilment of fulfil-first is a native promise that rejects: ignored, but still handled, so no
 * unhandled rejection follows (§7 step 5; held-out b2m).
 */
const resolverMisuseScenarios = (): fc.Arbitrary<Scenario> =>
  onCompaction(fc.tuple(fc.constantFrom(...RESOLVER_MISUSES), fc.constantFrom(...SIGNALS), fc.boolean()), ([[label, script], signal, rejected]) =>
    rejected && label === "fulfil-first"
      ? withAimedScript("resolvers:fulfil-first-then-rejected-promise", (text) => ({ ...script(text), again: "rejectedPromise" }) as SummarizerScript, signal)
      : withAimedScript(`resolvers:${label}`, script, signal),
  );

/**
 * Two adoptions that must fail, each delivered by a function with a callable then: a native
 * promise reached a second time and locked in between (a cycle, or a locked promise: either
 * code; followed once more it would deliver text), and a Proxy whose get trap throws
 * (CONTEXT_SUMMARIZER_FAILED).
 */
const ADOPTION_FAILURES: readonly [string, (text: string) => SummarizerScript][] = [
  ["promise-reached-again", (text) => ({ kind: "promiseReachedAgain", text })],
  ["proxy-get-throws", () => ({ kind: "proxyValue", get: "throws", via: "functionThenable" })],
];

/**
 * A native promise whose constructor or species lookup throws (contract §7 step 5, the
 * course's behaviour (b)): where the lookup can be undone (an own configurable getter; an
 * extensible promise without an own constructor) the one retry through a temporary own data
 * constructor observes it, fulfilled or rejected; where it cannot (a non-configurable getter;
 * a frozen promise), it is locked. Two kinds per property: observed after the retry, or locked.
 */
const lookupThrowsScenarios = (where: "ownConstructor" | "inheritedSpecies"): fc.Arbitrary<Scenario> =>
  onCompaction(
    fc.tuple(
      fc.constantFrom<[boolean, "fulfils" | "rejects"]>([true, "fulfils"], [true, "rejects"], [false, "fulfils"]),
      fc.constantFrom(...SIGNALS),
      // Drawn last (the other draws of a case stay as they were): an undoable own getter on a
      // promise made non-extensible, which the retry can still undo (it needs a configurable
      // constructor, not an extensible promise).
      fc.integer({ min: 0, max: 3 }),
    ),
    ([[undoable, settles], signal, coin]) => {
      const sealed = where === "ownConstructor" && undoable && coin === 0;
      return withAimedScript(`lookupThrows:${where}-${undoable ? settles : "locked"}${sealed ? "-sealed" : ""}`, (text) => ({ kind: "promiseLookupThrows", where, undoable, settles, text, ...(sealed ? { sealed: true } : {}) }), signal);
    },
  );

/**
 * Generic thenables that deliver in a later job (a microtask or a macrotask), a chain of up
 * to 8; or a then that schedules a fulfilment and throws before it comes.
 */
const lateThenableScenarios = (): fc.Arbitrary<Scenario> =>
  onCompaction(
    fc.tuple(fc.constantFrom("deliversLater", "throwsThenResolves"), fc.integer({ min: 1, max: 8 }), fc.constantFrom("microtask", "macrotask"), fc.constantFrom(...SIGNALS)),
    ([shape, depth, when, signal]) => withAimedScript(`late:${shape}-${when}`, (text) => ({ kind: "lateThenable", shape, depth: shape === "deliversLater" ? depth : 1, when, text }), signal),
  );

/** Strings a then returns: a valid summary of one unit, a longer one, and a blank one. */
const RETURNED_TEXTS: readonly string[] = ["r", "returned by then, not the summary", " "];

/**
 * A thenable whose then schedules the text for a later job and returns a string first (before
 * any resolver call): what a then returns is never the value, only an object returned is
 * observed (§7 step 5), so the summary is the text delivered later. Half the time (a coin drawn
 * last) it returns a generic thenable delivering that string at once: observed, its then called
 * once, and still not the value (held-out s24: a returned thenable chained to the resolvers).
 */
const thenReturnsTextScenarios = (): fc.Arbitrary<Scenario> =>
  onCompaction(fc.tuple(fc.constantFrom("microtask", "macrotask"), fc.constantFrom(...RETURNED_TEXTS), fc.constantFrom(...SIGNALS), fc.boolean()), ([when, returned, signal, asThenable]) =>
    withAimedScript(`late:returnsTextThenResolves-${when}`, (text) => ({ kind: "lateThenable", shape: "returnsTextThenResolves", depth: 1, when, text, returned: returned === text ? `${returned}!` : returned, ...(asThenable ? { returns: "thenable" } : {}) }), signal),
  );

/**
 * A thenable that delivers text but returns a locked promise, or a Proxy around a native
 * promise, from its then (UNOBSERVABLE); or returns it from the then of a thenable that its
 * then returned (order 2 or 3: the contract also accepts the text, §8).
 */
const thenReturnsLockedScenarios = (): fc.Arbitrary<Scenario> =>
  onCompaction(
    fc.tuple(fc.constantFrom("ownConstructor", "inheritedSpecies", "proxy"), fc.constantFrom(1, 1, 2, 3), fc.constantFrom(...SIGNALS)),
    ([where, order, signal]) =>
      withAimedScript(`returnsLocked:${where}${order > 1 ? `-order${order}` : ""}`, (text) => ({ kind: "thenReturnsLocked", where, ...(order > 1 ? { order } : {}), text }), signal),
  );

/**
 * Chains of 1 to 3 generic thenables each of which inherits its then: an instance of a class
 * whose prototype has the then method, of a subclass of one, or an object made with
 * Object.create from an object holding then. then is read as any property is (§7 step 5), so
 * they are thenables like any other, adopted, and the text is the summary. Half the time (the
 * last draw of a case, so the other half is generated and shrunk as before) the prototype
 * holding then has no prototype itself: no Object.prototype on the chain, not an `instanceof
 * Object`, still a thenable (held-out s21). And half the time (a coin drawn last again) the
 * chain, of 2 to 4, shares one then: instances of one class, or objects made from one holder,
 * distinct thenables none of which is reached twice, so none is a cycle (held-out b3).
 */
const inheritedThenScenarios = (): fc.Arbitrary<Scenario> =>
  onCompaction(fc.tuple(fc.constantFrom("class", "subclass", "objectCreate"), fc.integer({ min: 1, max: 3 }), fc.constantFrom(...SIGNALS), fc.boolean(), fc.boolean()), ([inherit, depth, signal, nullPrototype, shared]) =>
    shared
      ? withAimedScript(`inherited:${inherit}${nullPrototype ? "-null-prototype" : ""}-shared-then`, (text) => ({ kind: "thenableChain", depth: depth + 1, text, inherit, sharedThen: true as const, ...(nullPrototype ? { nullPrototype: true as const } : {}) }), signal)
      : withAimedScript(`inherited:${inherit}${nullPrototype ? "-null-prototype" : ""}`, (text) => ({ kind: "thenableChain", depth, text, inherit, ...(nullPrototype ? { nullPrototype: true as const } : {}) }), signal),
  );

/**
 * What a thenable's then does after resolve(undefined): fulfil with the text, or reject, right
 * away or in a later job (ignored: resolvers act once), or nothing (one case in six). On that
 * last one a reader that takes undefined for "nothing delivered yet" hangs until the driver's
 * timeout; on the others it takes the text or the rejection and is answered at once, so the
 * first (shrinking's target) never hangs.
 */
const AFTER_UNDEFINED: readonly (readonly ["text" | "rejects" | "nothing", "inCall" | "microtask" | "macrotask" | null])[] = [
  ["text", "inCall"],
  ["text", "microtask"],
  ["text", "macrotask"],
  ["rejects", "inCall"],
  ["rejects", "macrotask"],
  ["nothing", null],
];

/** A thenable whose then calls resolve(undefined): undefined is delivered, a primitive, not a string (§7 steps 5, 6). */
const undefinedDeliveredScenarios = (): fc.Arbitrary<Scenario> =>
  onCompaction(fc.tuple(fc.constantFrom(...AFTER_UNDEFINED), fc.constantFrom(...SIGNALS)), ([[after, when], signal]) =>
    withAimedScript(`undefined:then-${after}${when === null ? "" : `-${when}`}`, (text) => ({ kind: "undefinedDelivered", after, ...(when === null ? {} : { when }), ...(after === "text" ? { text } : {}) }), signal),
  );

/** The retry left the promise as it was (the driver's script counts "constructor.notRestored"). */
function restoredAfterRetry({ observation }: CheckInput): Verdict {
  const left = observation.hostile["constructor.notRestored"] ?? 0;
  return left === 0 ? pass : fail("expected the promise's own constructor restored after the retry (the caller's getter back, or no own constructor), observed it changed when the promise settled");
}

// Four kinds in one property missed one of them in all 10 cases of the default seed: two
// properties of two kinds each.
const aimedScriptScenarios = (prefix: string, cases: readonly [string, (text: string) => SummarizerScript][]): fc.Arbitrary<Scenario> =>
  onCompaction(fc.tuple(fc.constantFrom(...cases), fc.constantFrom(...SIGNALS)), ([[label, script], signal]) => withAimedScript(`${prefix}:${label}`, script, signal));

const define = defineStrength;

export const asyncOptionsStrengthProperties: readonly PropertyDefinition[] = [
  define("blank-option-ids-rejected", "A blank summaryId or recordId is rejected with CONTEXT_INVALID_INPUT", 1, "Checking that summaryId/recordId are strings but not that they hold non-whitespace text (or checking only one of them).", "contract §7", blankIdScenarios(), modelAgrees),
  define("non-string-option-ids-rejected", "A summaryId or recordId that is not a string is rejected with CONTEXT_INVALID_INPUT", 1, "Testing ids only for blankness (`!id.trim()`-like on a converted value), which passes numbers, booleans and objects, or throws a TypeError on null.", "contract §7", nonStringIdScenarios(), modelAgrees),
  define("non-function-summarizer-rejected", "A summarizer that is missing or not a function is rejected before anything runs; an async, bound or arrow function is a summarizer like any other", 1, "Not checking options.summarizer, so a string or object summarizer fails later (TypeError, or CONTEXT_SUMMARIZER_FAILED) instead of CONTEXT_INVALID_INPUT; or testing for a function by its kind (Object.prototype.toString, a prototype property), so an async, bound or arrow function is refused.", "contract §7", summarizerScenarios(), modelAgrees),
  define("non-signal-rejected", "A signal that is not a genuine AbortSignal is rejected with CONTEXT_INVALID_INPUT (null: no signal, or rejected; undefined: no signal)", 1, "Accepting anything shaped like a signal (or any object or primitive, or an AbortController for its signal) as options.signal, or not checking it at all; refusing signal: undefined, which means no signal.", "contract §7", signalScenarios(), modelAgrees),
  define("non-signal-rejected-before-fast-path", "A signal that is not a genuine AbortSignal is rejected even when the context needs no compaction", 1, "Leaving options.signal to the first read of the signal (step 3), so a context that needs no compaction returns unchanged with any object or primitive as its signal.", "contract §7", fastPathSignalScenarios(), modelAgrees),
  define("signal-accessor-rejected", "An accessor as options.signal is rejected with CONTEXT_INVALID_INPUT without being called", 1, "Reading options.signal with options.signal (running the getter), or taking an accessor for an absent signal.", "contract §3, §7", signalAccessorScenarios(), allOf(({ observation }: CheckInput) => noAccessorCalled(observation), modelAgrees)),
  define("proxied-signal-rejected", "A Proxy around a genuine AbortSignal works as it or is refused before the summarizer; one with another prototype is refused, or fails with CONTEXT_SUMMARIZER_FAILED", 1, "Letting a disguised signal's failure escape as a TypeError, hang, or fail after calling the summarizer twice; or refusing a Proxy only after the summarizer ran.", "contract §7", proxiedSignalScenarios(), modelAgrees),
  define("non-plain-options-rejected", "Options that are a class instance, inherit from an object, or are an array are rejected", 1, "Reading options as any object with the right own fields, without checking that its prototype is Object.prototype or null.", "contract §6, §7", nonPlainOptionsScenarios(), modelAgrees),
  define("null-prototype-options-accepted", "Options with a null prototype (Object.create(null), the same fields) get the plain options' answer, in selectCompactionBoundary and compactContext", 1, "Taking \"plain object\" to mean a prototype of Object.prototype, so options made with Object.create(null) are refused with CONTEXT_INVALID_INPUT.", "contract §6, §7", nullPrototypeOptionsScenarios(), modelAgrees),
  define("boundary-ignores-signal", "An extra signal accessor on the boundary options is never read", 1, "Reading the §7 option set (with its signal) for selectCompactionBoundary too, so an extra signal accessor is refused or called.", "contract §6", boundarySignalAccessorScenarios(), allOf(({ observation }: CheckInput) => noAccessorCalled(observation), modelAgrees)),
  define("boundary-ignores-aborted-signal", "An aborted AbortSignal (or data like one) among the boundary options changes nothing: the answer is the options' without it", 1, "Reading the §7 option set (with its signal) for selectCompactionBoundary too, so an aborted signal makes it throw CONTEXT_CANCELLED, or a signal that is not one CONTEXT_INVALID_INPUT.", "contract §6", boundaryAbortedSignalScenarios(), modelAgrees),
  define("non-string-summary-values", "A summary value of null, an object or a function without a callable then is CONTEXT_SUMMARY_INVALID", 1, "Treating null as an object (reading its then throws) or any object as a thenable, so a non-string summary becomes CONTEXT_SUMMARIZER_FAILED.", "contract §7 steps 5, 6", nonStringSummaryScenarios(), modelAgrees),
  define("then-throwing-fails", "A thenable whose then throws before resolving fails with CONTEXT_SUMMARIZER_FAILED", 1, "Swallowing the exception of a custom then (or only when a resolver was called), so compactContext never settles.", "contract §7 step 5", thenThrowsScenarios(), modelAgrees),
  define("adoption-stops-at-64", "A chain of more than 64 thenables fails after at most 65 then calls", 1, "Following the chain one level too far (checking the depth only after adopting the next value), which calls a 66th then or accepts the text.", "contract §7 step 5", tooDeepChainScenarios(), allOf(stopsAt64, modelAgrees)),
  define("promise-constructor-redefined", "A native promise while Promise.prototype.constructor is deleted or replaced, or whose own prototype was replaced, is still observed: the text", 1, "Refusing a native promise (CONTEXT_ASYNC_VALUE_UNOBSERVABLE) because the realm's Promise.prototype.constructor changed, although the intrinsic then still works; or telling a native promise by instanceof Promise, so one whose prototype was replaced is read as a plain object (CONTEXT_SUMMARY_INVALID).", "contract §7 step 5", redefinedConstructorScenarios(["constructorDeleted", "constructorSubclass"]), modelAgrees),
  define("promise-species-redefined", "A native promise while Promise[Symbol.species] is deleted or replaced is still observed: the text", 1, "Refusing a native promise (CONTEXT_ASYNC_VALUE_UNOBSERVABLE) because the realm's Promise[Symbol.species] changed, although the intrinsic then still works.", "contract §7 step 5", redefinedGlobalScenarios(["speciesDeleted", "speciesReplaced"]), modelAgrees),
  define("resolvers-called-once", "A thenable's resolvers act once: a later fulfilment, rejection or throw is ignored, also while the first is pending", 1, "Resolver guards that let a second call through while the first fulfilment is still pending (or that never let a rejection through), a function with a callable then taken for a plain value, a Proxy without then taken for a thenable, or a native promise given to an ignored call left without handlers (its rejection unhandled).", "contract §7 step 5", resolverMisuseScenarios(), allOf(noUnhandledRejection, modelAgrees)),
  define("adoption-failures", "A native promise reached twice fails (as a cycle, or as locked by then), and a Proxy whose get trap throws fails (or is refused unread)", 1, "Following a native promise reached again until it delivers text; not catching a throwing get trap of a Proxy.", "contract §7 step 5", aimedScriptScenarios("adoption", ADOPTION_FAILURES), modelAgrees),
  define("thenable-delivering-later", "A thenable that delivers in a later job is adopted; one that throws before its scheduled fulfilment fails", 1, "Taking a thenable's outcome only when its then returned (hanging on one that resolves later), or letting a fulfilment that comes after the then threw win.", "contract §7 step 5", lateThenableScenarios(), modelAgrees),
  define("inherited-then-adopted", "A thenable whose then is inherited (an instance of a class with a then method, or an object made with Object.create) is adopted, also without Object.prototype on its prototype chain, also when a chain of them shares that one then: the text it delivers is the summary", 1, "Looking for then as an own property only (hasOwnProperty, Object.keys), so an instance of a class with a then method is taken as a plain value and refused with CONTEXT_SUMMARY_INVALID; testing for an object with instanceof Object, so a thenable without Object.prototype on its chain is taken as a plain value; or remembering thenables by their then rather than by the object, so a second instance of the same class is taken for a cycle (CONTEXT_SUMMARIZER_FAILED).", "contract §7 step 5", inheritedThenScenarios(), modelAgrees),
  define("undefined-delivery-settles", "A thenable that calls resolve(undefined) has delivered undefined: CONTEXT_SUMMARY_INVALID, whatever its then does next (a later fulfilment or rejection is ignored)", 1, "Taking resolve(undefined) for \"nothing delivered yet\" and waiting on, so the call hangs, or a text delivered after it becomes the summary (or a rejection after it fails the call).", "contract §7 steps 5, 6", undefinedDeliveredScenarios(), modelAgrees),
  define("then-return-not-the-value", "A string (or a thenable delivering one) that a then returns before delivering is not the summary: the text it delivers later is", 1, "Taking a primitive that a custom then returns (before any resolver call) as the delivered value, so it becomes the summary or is refused as one; or chaining a thenable it returns to its resolvers.", "contract §7 step 5", thenReturnsTextScenarios(), modelAgrees),
  define("then-returns-locked-promise", "A then that returns a locked or proxied promise is CONTEXT_ASYNC_VALUE_UNOBSERVABLE, even when it delivered text (returned at the second order: that, or the text)", 1, "Ignoring what a custom then returns, observing it only after the then's own outcome, or calling the intrinsic then through a Proxy (CONTEXT_SUMMARIZER_FAILED).", "contract §7 step 5", thenReturnsLockedScenarios(), modelAgrees),
  define("promise-own-constructor-retried", "A native promise whose own configurable constructor getter throws is observed through one retry and restored; a non-configurable one is locked", 1, "Refusing (or failing) a promise whose constructor getter throws without the retry through a temporary own constructor, leaving that constructor behind, losing the rejection, or retrying where it cannot be undone.", "contract §7 step 5", lookupThrowsScenarios("ownConstructor"), allOf(restoredAfterRetry, noUnhandledRejection, modelAgrees)),
  define("promise-inherited-species-retried", "A native promise whose inherited species getter throws is observed through one retry when extensible, and locked when frozen", 1, "Refusing an extensible promise whose species lookup throws, leaving the temporary constructor on it, or trying to define one on a frozen promise.", "contract §7 step 5", lookupThrowsScenarios("inheritedSpecies"), allOf(restoredAfterRetry, noUnhandledRejection, modelAgrees)),
];
