// Mistakes in grouping (§5) and units (§4), with their witnesses.
import { sync } from "../_witness/observe";
import { call, result, text, toolTranscript, user } from "../_witness/fixtures";
import type { Mistake } from "./types";

/** An assistant with one call of `name` with these arguments, and its empty result. */
const oneCall = (name: string, args: { [key: string]: null | boolean | number | string }) => ({
  messages: [call("a", [["c", name, args]]), result("r", "c", name, "")],
});

const groupsView = (groups: unknown) => (groups as { kind: string; startIndex: number; endIndex: number }[]).map((g) => [g.kind, g.startIndex, g.endIndex]);

export const intervalFirstResult: Mistake = {
  id: "interval-first-result",
  says: "An assistant's interval runs only through the first result of its calls; it must run through the last result of any of its calls, so that all of its results are in its group.",
  breaks: "§5 (an interval runs from the assistant through the last result of any of its calls)",
  criterion: "grouping",
  witness: {
    call: "groupToolRounds of the seed's transcript (old user, an assistant with two calls, both results, recent user)",
    run: (m) => sync(() => m.groupToolRounds(toolTranscript()), groupsView),
    expected: { value: [["message", 0, 1], ["toolRound", 1, 4], ["message", 4, 5]] },
  },
};

export const nestedEndOverwritten: Mistake = {
  id: "nested-end-overwritten",
  says: "When a nested interval ends before the one around it, the group is cut at the nested end; overlapping or nested intervals merge into one group that runs to the furthest end.",
  breaks: "§5 (intervals that overlap or nest merge into one toolRound)",
  criterion: "grouping",
  witness: {
    call: "groupToolRounds([assistant calls c1, assistant calls c2, result c2, result c1])",
    run: (m) =>
      sync(
        () => m.groupToolRounds([call("a0", [["c1", "t"]]), call("a1", [["c2", "t"]]), result("r2", "c2", "t"), result("r3", "c1", "t")]),
        groupsView,
      ),
    expected: { value: [["toolRound", 0, 4]] },
  },
};

export const assistantGroupKind: Mistake = {
  id: "assistant-group-kind",
  says: "An assistant message without tool calls is labelled a toolRound; every message that is not part of a call's interval is its own \"message\" group.",
  breaks: "§5 (every other message is its own message group)",
  criterion: "grouping",
  witness: {
    call: "groupToolRounds([user, assistant with only a text block])",
    run: (m) => sync(() => m.groupToolRounds([user("u"), text("a")]), groupsView),
    expected: { value: [["message", 0, 1], ["message", 1, 2]] },
  },
};

export const estimatePlusOne: Mistake = {
  id: "estimate-plus-one",
  says: "estimateContextUnits answers one unit more than the sum of §4 (requirement {r, AB} and user {u, a} must be 12).",
  breaks: "§4 (context units = Σ requirements + summary + Σ messages)",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ requirements: [{ id: 'r', content: 'AB' }], messages: [user u 'a'] })",
    run: (m) => sync(() => m.estimateContextUnits({ requirements: [{ id: "r", content: "AB" }], messages: [user("u", "a")] })),
    expected: { value: 12 },
  },
};

export const jsonFalseAsTrue: Mistake = {
  id: "json-false-as-true",
  says: "J(false) is counted 5, like true; it is 6.",
  breaks: "§4 (J(boolean): 5 for true, 6 for false)",
  criterion: "units",
  witness: {
    call: "estimateContextUnits of an assistant calling t with arguments { f: false } and its result, minus the same with { f: true } (J(false) - J(true) = 1)",
    run: (m) => sync(() => m.estimateContextUnits(oneCall("t", { f: false })) - m.estimateContextUnits(oneCall("t", { f: true }))),
    expected: { value: 1 },
  },
};

export const negativeNumberSign: Mistake = {
  id: "negative-number-sign",
  says: "J(number) leaves out the minus sign of a negative number; it is 1 + String(n).length.",
  breaks: "§4 (J(number) = 1 + String(n).length)",
  criterion: "units",
  witness: {
    call: "estimateContextUnits of an assistant calling t with arguments { n: -1 } and its result, minus the same with { n: 1 } (J(-1) - J(1) = 1)",
    run: (m) => sync(() => m.estimateContextUnits(oneCall("t", { n: -1 })) - m.estimateContextUnits(oneCall("t", { n: 1 }))),
    expected: { value: 1 },
  },
};

export const toolNameNotCounted: Mistake = {
  id: "tool-name-not-counted",
  says: "A tool-result message is counted without u(toolName); it is 7 + u(id) + u(toolCallId) + u(toolName) + u(content).",
  breaks: "§4 (tool-result message units)",
  criterion: "units",
  witness: {
    call: "estimateContextUnits of an assistant calling read and its result, minus the same with the tool named t (3 more code points in the call and in the result: 6)",
    run: (m) => sync(() => m.estimateContextUnits(oneCall("read", {})) - m.estimateContextUnits(oneCall("t", {}))),
    expected: { value: 6 },
  },
};
