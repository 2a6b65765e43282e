import { describe, expect, it } from "vitest";
import { observeError } from "../../src/driver/error-observation";

// Contract §1: ContextCompactionError has `name === "ContextCompactionError"` and a readonly
// `code`. A getter satisfies both (a private field behind `get code()` is a common way to write
// "readonly"), so the observation reads a getter's value too, own or inherited, once.

class WithGetters extends Error {
  readonly #code: string;
  constructor(code: string) {
    super("failed");
    this.#code = code;
    Object.freeze(this);
  }
  get code(): string {
    return this.#code;
  }
  override get name(): string {
    return "ContextCompactionError";
  }
}

describe("observeError", () => {
  it("reads code and name through getters on the class", () => {
    const seen = observeError(new WithGetters("CONTEXT_INVALID_INPUT"), WithGetters);
    expect(seen).toMatchObject({ isContextCompactionError: true, isError: true, name: "ContextCompactionError", code: "CONTEXT_INVALID_INPUT", message: "failed", frozen: true });
  });

  it("reads an own getter, and a getter that throws gives null", () => {
    const error = new Error("x");
    Object.defineProperty(error, "code", { get: () => "CONTEXT_CANCELLED" });
    Object.defineProperty(error, "name", {
      get: () => {
        throw new Error("no name");
      },
    });
    expect(observeError(error, undefined)).toMatchObject({ code: "CONTEXT_CANCELLED", name: null });
  });

  it("still reads data properties own or inherited, and a setter-only field is null", () => {
    const error = new Error("y");
    Object.defineProperty(error, "code", { set: () => {} });
    expect(observeError(error, undefined)).toMatchObject({ name: "Error", code: null, message: "y" });
  });
});
