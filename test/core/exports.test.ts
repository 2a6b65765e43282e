// Contract §1: the public face exports exactly the contract's names, and every failure of
// every export is a frozen ContextCompactionError carrying one of the ten codes.
import { describe, expect, it } from "vitest";
import * as core from "../../src/core/index";
import { ERROR_CODES, build, compact, units } from "./fixtures";

const CONTRACT_NAMES = [
  "buildActiveContext",
  "groupToolRounds",
  "estimateContextUnits",
  "selectCompactionBoundary",
  "compactContext",
  "ContextCompactionError",
  "MAX_CONTEXT_MESSAGES",
  "MAX_CONTEXT_REQUIREMENTS",
  "MAX_CONTEXT_RECORDS",
  "MAX_CONTEXT_DEPTH",
  "MAX_CONTEXT_COLLECTION_ITEMS",
  "MAX_CONTEXT_STRING_UNITS",
  "MAX_CONTEXT_TOTAL_UNITS",
  "MAX_CONTEXT_ASYNC_DEPTH",
  "userMessage",
  "assistantMessage",
  "toolResultMessage",
  "textFromAssistant",
  "validateTranscript",
];

const caught = (fn: () => unknown): unknown => {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
};

describe("public face", () => {
  it("exports exactly the contract's names", () => {
    expect(Object.keys(core).sort()).toEqual([...CONTRACT_NAMES].sort());
  });

  it("exports functions where the contract lists functions", () => {
    const functions = CONTRACT_NAMES.filter((name) => !name.startsWith("MAX_"));
    expect(functions.filter((name) => typeof (core as Record<string, unknown>)[name] !== "function")).toEqual([]);
  });
});

describe("ContextCompactionError", () => {
  const error = caught(() => build(null)) as Error & { code: string };

  it("is an Error subclass named ContextCompactionError", () => {
    expect(error).toBeInstanceOf(core.ContextCompactionError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("ContextCompactionError");
  });

  it("is frozen, so its code cannot be rewritten", () => {
    expect(Object.isFrozen(error)).toBe(true);
  });

  it("carries one of the ten contract codes", () => {
    expect(ERROR_CODES).toContain(error.code);
  });

  it.each([
    ["buildActiveContext", () => build(undefined)],
    ["estimateContextUnits", () => units(42)],
    ["groupToolRounds", () => core.groupToolRounds({} as never)],
    ["selectCompactionBoundary", () => core.selectCompactionBoundary({} as never, null as never)],
  ])("is what %s throws", (_name, fn) => {
    expect(caught(fn)).toBeInstanceOf(core.ContextCompactionError);
  });

  it("is what compactContext rejects with", async () => {
    await expect(compact({}, {})).rejects.toBeInstanceOf(core.ContextCompactionError);
  });
});
