// Contract §3 input rules: accessors are never called, functions are never called, Proxies
// are read only through their traps and a throwing trap becomes the channel's code.
import { describe, expect, it } from "vitest";
import { ContextCompactionError } from "../../src/core/index";
import { assistant, build, call, result, thrownCode, tripwire, user, withAccessor } from "./fixtures";

/** A transcript with one call whose arguments are `args`. */
const withArguments = (args: unknown) => ({ messages: [assistant("a", [call("c", "t", args as never)]), result("r", "c", "t")] });

describe("accessors are rejected without being called", () => {
  it("rejects a getter on a message field with CONTEXT_INVALID_TRANSCRIPT and never calls it", () => {
    const message = user("u", "a");
    const counter = withAccessor(message, "content");
    expect(thrownCode(() => build({ messages: [message] }))).toBe("CONTEXT_INVALID_TRANSCRIPT");
    expect(counter.calls).toBe(0);
  });

  it("rejects a setter-only accessor on a message field and never calls it", () => {
    const message = user("u", "a");
    const counter = withAccessor(message, "id", "setter-only");
    expect(thrownCode(() => build({ messages: [message] }))).toBe("CONTEXT_INVALID_TRANSCRIPT");
    expect(counter.calls).toBe(0);
  });

  it("rejects a getter at an array index of messages", () => {
    const messages: unknown[] = [user("u", "a")];
    const counter = { calls: 0 };
    Object.defineProperty(messages, 0, { get: () => (counter.calls++, user("u", "a")), enumerable: true });
    expect(thrownCode(() => build({ messages }))).toBe("CONTEXT_INVALID_TRANSCRIPT");
    expect(counter.calls).toBe(0);
  });

  it("rejects a getter inside tool-call arguments and never calls it", () => {
    const args = {};
    const counter = withAccessor(args, "path");
    expect(thrownCode(() => build(withArguments(args)))).toBe("CONTEXT_INVALID_TRANSCRIPT");
    expect(counter.calls).toBe(0);
  });

  // Enumerability is asked once per arguments object while no caller code can run; a Proxy
  // inside a value can run a trap, after which each later key is asked for itself.
  it("rejects an arguments key that a trap in an earlier value made non-enumerable", () => {
    const readingWith = (redefine: boolean) => {
      const args: Record<string, unknown> = {};
      args.first = new Proxy(
        {},
        {
          getPrototypeOf(target) {
            if (redefine) Object.defineProperty(args, "second", { enumerable: false });
            return Reflect.getPrototypeOf(target);
          },
        },
      );
      args.second = 1;
      return () => build(withArguments(args));
    };
    expect(readingWith(false)).not.toThrow();
    expect(thrownCode(readingWith(true))).toBe("CONTEXT_INVALID_TRANSCRIPT");
  });

  // The descriptor a Proxy reports for an accessor has no own `value`: reading `.value` from it
  // would reach Object.prototype, where a caller may have put a getter of its own.
  it("rejects an accessor a Proxy in arguments reports without running an inherited `value` getter", () => {
    let calls = 0;
    // A null-prototype trap result, so that the engine's reading of it does not see the getter below.
    const accessor = () => Object.assign(Object.create(null) as object, { get: () => 1, enumerable: true, configurable: true });
    const args = new Proxy({ q: 1 }, { getOwnPropertyDescriptor: accessor });
    const input = withArguments(args as unknown as Record<string, unknown>);
    let thrown: unknown = null;
    // Nothing but the call while the getter is in place (the test runner's own descriptors would see it).
    Object.defineProperty(Object.prototype, "value", { configurable: true, get: () => ++calls });
    try {
      build(input);
    } catch (error) {
      thrown = error;
    } finally {
      delete (Object.prototype as { value?: unknown }).value;
    }
    expect(calls).toBe(0);
    expect(thrownCode(() => { throw thrown; })).toBe("CONTEXT_INVALID_TRANSCRIPT");
  });

  it("rejects a getter on a requirement with CONTEXT_INVALID_INPUT and never calls it", () => {
    const requirement = { id: "r", content: "c" };
    const counter = withAccessor(requirement, "content");
    expect(thrownCode(() => build({ requirements: [requirement] }))).toBe("CONTEXT_INVALID_INPUT");
    expect(counter.calls).toBe(0);
  });

  it("rejects a getter for the requirements channel itself with CONTEXT_INVALID_INPUT", () => {
    const input = {};
    const counter = withAccessor(input, "requirements");
    expect(thrownCode(() => build(input))).toBe("CONTEXT_INVALID_INPUT");
    expect(counter.calls).toBe(0);
  });

  it("rejects a getter on a compaction record and never calls it", () => {
    const record = { id: "r", summaryId: "s", boundary: 1, compactedMessageIds: ["m"], unitsBefore: 1, unitsAfter: 1 };
    const counter = withAccessor(record, "unitsAfter");
    expect(thrownCode(() => build({ compactions: [record] }))).toBe("CONTEXT_INVALID_INPUT");
    expect(counter.calls).toBe(0);
  });
});

describe("functions found in the input are never called", () => {
  it("never calls toJSON, valueOf, toString or then placed on the input and its records", () => {
    let calls = 0;
    const spy = () => {
      calls++;
      return "spy";
    };
    const hooks = { toJSON: spy, valueOf: spy, toString: spy, then: spy };
    const input = {
      ...hooks,
      requirements: [{ id: "r", content: "c", ...hooks }],
      messages: [{ ...user("u", "a"), ...hooks }],
    };
    build(input);
    expect(calls).toBe(0);
  });

  it("rejects a function inside tool-call arguments without calling it", () => {
    let calls = 0;
    const fn = () => void calls++;
    expect(thrownCode(() => build(withArguments({ fn })))).toBe("CONTEXT_INVALID_TRANSCRIPT");
    expect(calls).toBe(0);
  });
});

describe("Proxies are read through their traps", () => {
  it("accepts a transparent Proxy around a valid message as plain data", () => {
    const context = build({ messages: [new Proxy(user("u", "a"), {})] });
    expect(context.messages).toEqual([user("u", "a")]);
  });

  it("turns a throwing trap on the messages array into CONTEXT_INVALID_TRANSCRIPT", () => {
    const { value } = tripwire();
    expect(thrownCode(() => build({ messages: value }))).toBe("CONTEXT_INVALID_TRANSCRIPT");
  });

  it("turns a throwing trap on a message into CONTEXT_INVALID_TRANSCRIPT", () => {
    const { value } = tripwire();
    expect(thrownCode(() => build({ messages: [value] }))).toBe("CONTEXT_INVALID_TRANSCRIPT");
  });

  it("turns a throwing trap on tool-call arguments into CONTEXT_INVALID_TRANSCRIPT", () => {
    const { value } = tripwire();
    expect(thrownCode(() => build(withArguments(value)))).toBe("CONTEXT_INVALID_TRANSCRIPT");
  });

  it("turns a throwing descriptor trap inside arguments into CONTEXT_INVALID_TRANSCRIPT", () => {
    const args = new Proxy({ path: "a" }, {
      getOwnPropertyDescriptor() {
        throw new Error("descriptor trap");
      },
    });
    expect(thrownCode(() => build(withArguments(args)))).toBe("CONTEXT_INVALID_TRANSCRIPT");
  });

  it("turns a revoked Proxy inside arguments into CONTEXT_INVALID_TRANSCRIPT", () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(thrownCode(() => build(withArguments({ inner: proxy })))).toBe("CONTEXT_INVALID_TRANSCRIPT");
  });

  it("turns a throwing trap on the input object into CONTEXT_INVALID_INPUT", () => {
    const { value } = tripwire();
    expect(thrownCode(() => build(value))).toBe("CONTEXT_INVALID_INPUT");
  });

  it("turns a throwing trap on a requirement into CONTEXT_INVALID_INPUT", () => {
    const { value } = tripwire();
    expect(thrownCode(() => build({ requirements: [value] }))).toBe("CONTEXT_INVALID_INPUT");
  });

  it("never lets the trap's own exception escape", () => {
    const { value } = tripwire();
    let caught: unknown;
    try {
      build({ messages: [value] });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ContextCompactionError);
  });

  it("reads an array Proxy's length through its trap, and rejects a lying length", () => {
    const messages = new Proxy([user("u", "a")], {
      get: (target, key, receiver) => (key === "length" ? 2 : Reflect.get(target, key, receiver)),
      getOwnPropertyDescriptor: (target, key) =>
        key === "length" ? { value: 2, writable: true, enumerable: false, configurable: false } : Reflect.getOwnPropertyDescriptor(target, key),
    });
    // Either reading through `get` or through the descriptor, index 1 is then a hole.
    expect(() => build({ messages })).toThrow(ContextCompactionError);
  });
});

describe("holes and non-plain values", () => {
  it("rejects a hole in messages with CONTEXT_INVALID_TRANSCRIPT", () => {
    const messages = [user("u", "a"), , user("v", "b")];
    expect(thrownCode(() => build({ messages }))).toBe("CONTEXT_INVALID_TRANSCRIPT");
  });

  it("rejects a hole in an assistant's content with CONTEXT_INVALID_TRANSCRIPT", () => {
    const content = new Array(1);
    expect(thrownCode(() => build({ messages: [assistant("a", content)] }))).toBe("CONTEXT_INVALID_TRANSCRIPT");
  });

  it("rejects a hole in an array inside arguments with CONTEXT_INVALID_TRANSCRIPT", () => {
    expect(thrownCode(() => build(withArguments({ list: [1, , 3] })))).toBe("CONTEXT_INVALID_TRANSCRIPT");
  });

  it("rejects a hole in requirements with CONTEXT_INVALID_INPUT", () => {
    expect(thrownCode(() => build({ requirements: [, { id: "r", content: "c" }] }))).toBe("CONTEXT_INVALID_INPUT");
  });

  it("rejects a hole in compactedMessageIds with CONTEXT_INVALID_INPUT", () => {
    const record = { id: "r", summaryId: "s", boundary: 2, compactedMessageIds: ["m", ,], unitsBefore: 1, unitsAfter: 1 };
    expect(thrownCode(() => build({ compactions: [record] }))).toBe("CONTEXT_INVALID_INPUT");
  });

  it("rejects a requirement whose prototype is not Object.prototype or null", () => {
    const requirement = Object.assign(Object.create({ inherited: true }), { id: "r", content: "c" });
    expect(thrownCode(() => build({ requirements: [requirement] }))).toBe("CONTEXT_INVALID_INPUT");
  });

  it("rejects a message whose fields are inherited rather than own", () => {
    const message = Object.create(user("u", "a"));
    expect(thrownCode(() => build({ messages: [message] }))).toBe("CONTEXT_INVALID_TRANSCRIPT");
  });
});

describe("tool-call arguments are JSON only", () => {
  const cycle: Record<string, unknown> = {};
  cycle.self = cycle;
  const nonEnumerable = Object.defineProperty({}, "hidden", { value: 1, enumerable: false });

  it.each([
    ["a symbol key", { [Symbol("k")]: 1 }],
    ["a non-enumerable key", nonEnumerable],
    ["a cycle", cycle],
    ["NaN", { n: NaN }],
    ["Infinity", { n: Infinity }],
    ["-Infinity", { n: [-Infinity] }],
    ["undefined", { u: undefined }],
    ["a BigInt", { b: 10n }],
    ["a symbol value", { s: Symbol("v") }],
    ["a Date", { d: new Date(0) }],
    ["a Map", { m: new Map() }],
    ["a class instance", { c: new (class Point {})() }],
    ["an array as the arguments object", [1, 2]],
    ["null as the arguments object", null],
    ["a boxed string", { s: new String("x") }],
  ])("rejects %s with CONTEXT_INVALID_TRANSCRIPT", (_name, args) => {
    expect(thrownCode(() => build(withArguments(args)))).toBe("CONTEXT_INVALID_TRANSCRIPT");
  });

  it("accepts a shared (non-cyclic) sub-object reached twice", () => {
    const shared = { k: 1 };
    expect(() => build(withArguments({ a: shared, b: [shared] }))).not.toThrow();
  });

  it("accepts -0 and null-prototype objects inside arguments", () => {
    const inner = Object.assign(Object.create(null), { z: -0 });
    expect(() => build(withArguments({ inner }))).not.toThrow();
  });
});
