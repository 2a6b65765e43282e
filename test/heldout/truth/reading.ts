// Mistakes in reading the input, its limits and immutability (contract §3), with their witnesses.
import { sync } from "../_witness/observe";
import { call, nestedArguments, result, user } from "../_witness/fixtures";
import type { Mistake } from "./types";

const built = () => "built";

export const channelGetterCalled: Mistake = {
  id: "channel-getter-called",
  says: "buildActiveContext reads the input's channels by ordinary property access, so a getter on a channel is called and its value used; an accessor must be refused (CONTEXT_INVALID_INPUT) without being called.",
  breaks: "§3 input rules (no accessor of the input is ever called; every field an own data property)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ get requirements() { return [{ id: 'r', content: 'c' }] } })",
    run: (m) => sync(() => m.buildActiveContext({ get requirements() { return [{ id: "r", content: "c" }]; } }), built),
    expected: { error: "CONTEXT_INVALID_INPUT" },
  },
};

export const depth32Refused: Mistake = {
  id: "depth-32-refused",
  says: "A tool-call argument value nested exactly 32 levels deep is refused with CONTEXT_LIMIT_EXCEEDED; only a value deeper than 32 fails.",
  breaks: "§3 input rules (tool-call arguments: any value deeper than 32 fails)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext of an assistant whose call's arguments hold a value at depth 32, and its result",
    run: (m) => sync(() => m.buildActiveContext({ messages: [call("a", [["c", "t", nestedArguments(32)]]), result("r", "c", "t")] }), built),
    expected: { value: "built" },
  },
};

export const blankUserContentRefused: Mistake = {
  id: "blank-user-content-refused",
  says: "A user message whose content is empty is refused with CONTEXT_INVALID_TRANSCRIPT; user content may be an empty string (only ids, tool names and toolCallId must be non-empty).",
  breaks: "§2 Message IR (user content, text, tool-result content may be empty)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: [{ id: 'u', role: 'user', content: '' }] })",
    run: (m) => sync(() => m.buildActiveContext({ messages: [user("u", "")] }), built),
    expected: { value: "built" },
  },
};

export const stringLimitUtf16: Mistake = {
  id: "string-limit-utf16",
  says: "The 65,536 ceiling of one string is measured in UTF-16 code units, so a string of 40,000 emoji (40,000 code points) is refused with CONTEXT_LIMIT_EXCEEDED; the ceiling counts code points.",
  breaks: "§3 budgets (every string at most 65536 code points); §4 u(s)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext of one user message whose content is 40,000 emoji",
    run: (m) => sync(() => m.buildActiveContext({ messages: [user("u", "😀".repeat(40_000))] }), built),
    expected: { value: "built" },
  },
};

export const trapEscapes: Mistake = {
  id: "trap-escapes",
  says: "An exception thrown by a Proxy's getPrototypeOf trap on the input escapes as itself; every failure must be a ContextCompactionError (here CONTEXT_INVALID_INPUT).",
  breaks: "§3 input rules (an exception thrown by a trap becomes the contract's error code, never escapes as itself); §1",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext(new Proxy({}, { getPrototypeOf() { throw new Error('trap') } }))",
    run: (m) =>
      sync(() =>
        m.buildActiveContext(
          new Proxy(
            {},
            {
              getPrototypeOf() {
                throw new Error("trap");
              },
            },
          ),
        ),
      built,
      ),
    expected: { error: "CONTEXT_INVALID_INPUT" },
  },
};

export const freezesInput: Mistake = {
  id: "freezes-input",
  says: "buildActiveContext freezes the caller's own input objects in place; it must return a frozen deep copy and leave the input as it was.",
  breaks: "§3 (returns a deep copy … and the input is never touched again)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: [user] }), then Object.isFrozen(input.messages)",
    run: (m) =>
      sync(() => {
        const input = { messages: [user("u", "a")] };
        m.buildActiveContext(input);
        return Object.isFrozen(input.messages) || Object.isFrozen(input.messages[0]);
      }),
    expected: { value: false },
  },
};

export const symbolKeySkipped: Mistake = {
  id: "symbol-key-skipped",
  says: "A symbol key in tool-call arguments is skipped instead of refused; arguments take string keys only (CONTEXT_INVALID_TRANSCRIPT).",
  breaks: "§3 input rules (tool-call arguments: string keys only, a symbol key fails)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext of an assistant whose call's arguments are { x: 1, [Symbol('k')]: 1 }, and its result",
    run: (m) =>
      sync(
        () => m.buildActiveContext({ messages: [call("a", [["c", "t", { x: 1, [Symbol("k")]: 1 } as never]]), result("r", "c", "t")] }),
        built,
      ),
    expected: { error: "CONTEXT_INVALID_TRANSCRIPT" },
  },
};

