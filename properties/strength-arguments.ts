import fc from "fast-check";
import type { ContextData, Decoration, Json, MessageData, Path, PropertyDefinition, Scenario } from "../src/scenario";
import { SPECIAL_TAG } from "../src/scenario";
import { contextData, toolArguments } from "../generators";
import { fail, show } from "./_internals/format";
import { defineStrength, modelAgrees } from "./_internals/strength-define";

// Strength properties for survivors of the mutation run in tool arguments, units, groups, boundary: arguments.ts, units.ts, groups.ts, boundary.ts, registry.ts
// (docs/mutation.md). Each is shown to fail on a mutant of
// test/mutants/catalogue-gaps-arguments.ts (test/mutants/strength-kills.test.ts).
//
// Each builds a context whose last round is one tool call with the arguments under test, and
// compares the built context (or the failure) with the model: the copy of the arguments is
// part of the returned data, so a key lost, added or read differently shows.

/** Generated arguments around a nested object that is always there, so a decoration can sit at depth 0 or 1. */
const NESTED = "strength";
const argumentsWithNested: fc.Arbitrary<Record<string, Json>> = fc
  .tuple(toolArguments({ maxNesting: 2, deepShare: 0 }), fc.constantFrom<Record<string, Json>>({ a: 1, b: [true, "x"] }, { only: null }, { c: { d: "e" }, f: -2.5 }))
  .map(([generated, nested]) => ({ ...generated, [NESTED]: nested }));

const someContext = contextData({ transcript: { maxEvents: 4 } });

/** The context with one more round whose tool call carries `args`; `at` is the path of those arguments. */
function withToolCall(context: ContextData, args: Json): { context: ContextData; at: Path } {
  const round: MessageData[] = [
    { id: "strength-args-a", role: "assistant", content: [{ type: "toolCall", id: "strength-args-c", name: "probe", arguments: args as Record<string, Json> }] },
    { id: "strength-args-r", role: "toolResult", toolCallId: "strength-args-c", toolName: "probe", content: "", isError: false },
  ];
  const messages = [...(context.messages ?? []), ...round];
  return { context: { ...context, messages }, at: ["messages", messages.length - 2, "content", 0, "arguments"] };
}

const build = (context: ContextData, decorations: Decoration[], labels: string[]): Scenario => ({
  operation: { kind: "build", input: context as unknown as Json },
  ...(decorations.length === 0 ? {} : { decorations }),
  labels,
});

/** Where the decorated key lives: the arguments object itself, or the object nested in it. */
type Holder = "root" | "nested";
const holderPath = (holder: Holder): Path => (holder === "root" ? [] : [NESTED]);
const holderOf = (args: Record<string, Json>, holder: Holder): Record<string, Json> => (holder === "root" ? args : (args[NESTED] as Record<string, Json>));

type KeyDecoration = "getter" | "setterOnly" | "nonEnumerable";

/**
 * A getter, setter-only accessor or non-enumerable key on an ordinary arguments object (or
 * one nested in it). Each must be rejected, and the getter never called.
 */
const accessorKeyScenarios = (): fc.Arbitrary<Scenario> =>
  fc
    .tuple(someContext, argumentsWithNested, fc.constantFrom<Holder>("root", "nested"), fc.constantFrom<KeyDecoration | "symbolKey">("getter", "setterOnly", "nonEnumerable", "symbolKey"), fc.nat())
    .map(([context, args, holder, kind, pick]) => {
      const { context: withCall, at } = withToolCall(context, args);
      const keys = Object.keys(holderOf(args, holder));
      // A symbol key is one more key of the holder; the others decorate one of its keys.
      const path = kind === "symbolKey" ? [...at, ...holderPath(holder)] : [...at, ...holderPath(holder), keys[pick % keys.length]!];
      return build(withCall, [{ kind, target: "input", path }], [`args-key:${kind}`, `holder:${holder}`]);
    });

/** What wraps the object holding the decorated key: a forwarding Proxy, or one whose descriptor trap throws. */
type Wrap = { proxy: "counting" | "throwing"; key: KeyDecoration | "none" };
const WRAPS: fc.Arbitrary<Wrap> = fc.oneof(
  { weight: 2, arbitrary: fc.constant<Wrap>({ proxy: "counting", key: "nonEnumerable" }) },
  { weight: 1, arbitrary: fc.constantFrom<Wrap>({ proxy: "counting", key: "getter" }, { proxy: "counting", key: "setterOnly" }, { proxy: "counting", key: "none" }) },
  { weight: 2, arbitrary: fc.constantFrom<Wrap>({ proxy: "throwing", key: "none" }, { proxy: "throwing", key: "nonEnumerable" }) },
);

/**
 * The arguments object (or the one nested in it) behind a Proxy, read through its
 * descriptors: a non-enumerable key or an accessor is rejected, a descriptor trap that
 * throws gives the contract's code, and a forwarding Proxy reads like the plain object.
 */
const proxiedArgumentsScenarios = (): fc.Arbitrary<Scenario> =>
  fc.tuple(someContext, argumentsWithNested, fc.constantFrom<Holder>("root", "nested"), WRAPS, fc.nat()).map(([context, args, holder, wrap, pick]) => {
    const { context: withCall, at } = withToolCall(context, args);
    const object = [...at, ...holderPath(holder)];
    const keys = Object.keys(holderOf(args, holder));
    const decorations: Decoration[] = [
      wrap.proxy === "counting" ? { kind: "proxy", target: "input", path: object } : { kind: "proxy", target: "input", path: object, throwingTrap: "getOwnPropertyDescriptor" },
    ];
    if (wrap.key !== "none") decorations.push({ kind: wrap.key, target: "input", path: [...object, keys[pick % keys.length]!] });
    return build(withCall, decorations, [`proxy:${wrap.proxy}`, `args-key:${wrap.key}`, `holder:${holder}`]);
  });

/** Paths of every value inside `value` (object keys and array items), relative to it. */
function innerPaths(value: Json, prefix: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => [[...prefix, i], ...innerPaths(item, [...prefix, i])]);
  // A Special tag ({"$cc": "-0"}, …) is one scalar once materialized: nothing inside it to point at.
  if (value === null || typeof value !== "object" || SPECIAL_TAG in value) return [];
  return Object.keys(value).flatMap((key) => [[...prefix, key], ...innerPaths(value[key]!, [...prefix, key])]);
}

const NON_FINITE: readonly Json[] = [{ $cc: "NaN" }, { $cc: "Infinity" }, { $cc: "-Infinity" }];
const NOT_JSON: readonly Json[] = [{ $cc: "undefined" }, { $cc: "function" }, { $cc: "bigint", value: "7" }, { $cc: "symbol", description: "s" }, { $cc: "-0" }];
type Replacement = { kind: "value"; value: Json } | { kind: "prototype"; proto: "class" | "objectCreate" | "null" };
const REPLACEMENTS: fc.Arbitrary<Replacement> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...NON_FINITE).map((value): Replacement => ({ kind: "value", value })) },
  { weight: 2, arbitrary: fc.constantFrom<Replacement>({ kind: "prototype", proto: "class" }, { kind: "prototype", proto: "objectCreate" }) },
  { weight: 1, arbitrary: fc.oneof(fc.constantFrom(...NOT_JSON).map((value): Replacement => ({ kind: "value", value })), fc.constant<Replacement>({ kind: "prototype", proto: "null" })) },
);

/**
 * A value inside the arguments replaced by a non-finite number or another non-JSON value
 * (-0 is a finite number and stays valid), or an object inside them given a class or an
 * inherited prototype (a null prototype is still plain).
 */
const nonJsonValueScenarios = (): fc.Arbitrary<Scenario> =>
  fc.tuple(someContext, argumentsWithNested, REPLACEMENTS, fc.nat()).map(([context, args, replacement, pick]) => {
    const { context: withCall, at } = withToolCall(context, args);
    if (replacement.kind === "prototype") {
      // The nested object, or the arguments object itself now and then.
      const path = pick % 4 === 0 ? at : [...at, NESTED];
      return build(withCall, [{ kind: "prototype", target: "input", path, proto: replacement.proto }], [`args-prototype:${replacement.proto}`]);
    }
    const paths = innerPaths(args);
    const path = [...at, ...paths[pick % paths.length]!];
    return build(withCall, [{ kind: "value", target: "input", path, value: replacement.value }], [`args-value:${show(replacement.value)}`]);
  });

type Shape = "objects" | "arrays" | "mixed";

/** `count` containers around a leaf, each an object or an array as `shape` says. */
function chain(count: number, shape: Shape, mix: readonly boolean[], leaf: Json): Json {
  let value = leaf;
  for (let i = 0; i < count; i++) {
    const asArray = shape === "arrays" || (shape === "mixed" && mix[i % mix.length]!);
    value = asArray ? [value] : { k: value };
  }
  return value;
}

/**
 * Arguments nesting exactly to the depth limit or one past it, through objects only, arrays
 * only or both: the leaf of `{deep: chain(n)}` sits at depth n + 1.
 */
const depthLimitScenarios = (): fc.Arbitrary<Scenario> =>
  fc
    .tuple(
      someContext,
      fc.constantFrom(31, 32, 32),
      fc.constantFrom<Shape>("objects", "mixed", "arrays"),
      fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
      fc.constantFrom<Json>(1, "leaf", null, [], {}),
    )
    .map(([context, count, shape, mix, leaf]) => {
      const { context: withCall } = withToolCall(context, { deep: chain(count, shape, mix, leaf) });
      return build(withCall, [], [`args-depth:${count + 1}`, `args-nesting:${shape}`]);
    });

/** Names Object.prototype has: "__proto__" (an accessor there), methods, and "constructor". */
const PROTOTYPE_NAMES = ["constructor", "toString", "hasOwnProperty", "valueOf", "isPrototypeOf", "__defineGetter__"];
const protoValue: fc.Arbitrary<Json> = fc.constantFrom<Json>({ x: 1 }, null, [1, "two"], "text", 0, true, {});

/**
 * Arguments with keys named like members of Object.prototype, "__proto__" always among them,
 * at depth 0 or inside: each must be copied as an ordinary own key (a plain store of
 * "__proto__" would set the copy's prototype instead and lose the key).
 */
const prototypeKeyScenarios = (): fc.Arbitrary<Scenario> =>
  fc
    .tuple(
      someContext,
      toolArguments({ maxNesting: 1, deepShare: 0 }),
      protoValue,
      fc.subarray(PROTOTYPE_NAMES),
      fc.array(protoValue, { minLength: PROTOTYPE_NAMES.length, maxLength: PROTOTYPE_NAMES.length }),
      fc.boolean(),
    )
    .map(([context, generated, protoItem, names, values, nested]) => {
      // Defined, never assigned, so that "__proto__" is an own data property of the scenario data.
      const special: Record<string, Json> = {};
      Object.defineProperty(special, "__proto__", { value: protoItem, enumerable: true, writable: true, configurable: true });
      names.forEach((name, i) => Object.defineProperty(special, name, { value: values[i]!, enumerable: true, writable: true, configurable: true }));
      const args: Record<string, Json> = { ...generated };
      if (nested) Object.defineProperty(args, "inner", { value: special, enumerable: true, writable: true, configurable: true });
      else for (const key of Object.keys(special)) Object.defineProperty(args, key, { value: special[key]!, enumerable: true, writable: true, configurable: true });
      const { context: withCall } = withToolCall(context, args);
      return build(withCall, [], [`proto-keys:${nested ? "nested" : "root"}`, `proto-keys:${names.length + 1}`]);
    });

const define = defineStrength;

export const argumentsStrengthProperties: readonly PropertyDefinition[] = [
  define("argument-accessors-rejected", "An accessor, a non-enumerable key or a symbol key in tool arguments is rejected, its getter never called", 1, "Reading arguments with record[key] after checking only enumerability (a getter runs and its value is copied), not checking enumerability at all, or listing only string keys (a symbol key passes).", "contract §3", accessorKeyScenarios(), (input) => {
    const touched = Object.entries(input.observation.hostile).filter(([, count]) => count > 0);
    if (touched.length > 0) return fail(`expected no accessor of the input to be called, observed calls: ${show(Object.fromEntries(touched))}`);
    return modelAgrees(input);
  }),
  define("proxied-arguments-read-by-descriptor", "Arguments behind a Proxy are read through own descriptors like plain data", 1, "Taking a Proxy's descriptor as data without checking `enumerable` (a non-enumerable key copied), or letting a throwing trap's error escape.", "contract §3", proxiedArgumentsScenarios(), modelAgrees),
  define("argument-values-must-be-json", "A non-finite number, a non-JSON value or a class instance inside arguments is rejected", 1, "Accepting NaN or Infinity as a number, or copying a class instance (or an object with an inherited prototype) inside arguments as if it were plain.", "contract §3", nonJsonValueScenarios(), modelAgrees),
  define("argument-depth-limit", "Arguments nested to depth 32 are accepted and to depth 33 rejected, through objects and arrays alike", 1, "Counting depth only through arrays (or only through objects), or an off-by-one at the limit.", "contract §3", depthLimitScenarios(), modelAgrees),
  define("argument-keys-named-like-prototype-members", "Keys named __proto__, constructor, toString … are copied as ordinary keys", 1, "Copying arguments with plain stores: a \"__proto__\" key sets the copy's prototype and disappears.", "contract §3, §4", prototypeKeyScenarios(), modelAgrees),
];
