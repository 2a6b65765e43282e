import { describe, expect, it } from "vitest";
import * as core from "../../src/core";
import { createDriver } from "../../src/driver/index";
import { compactScenario } from "./scenarios";

// The forgedError script's "instance" form is a genuine instance of the subject's own class
// (contract §7 step 5: even that cannot forge a code), also when the class keeps its fields
// behind getters (a valid ContextCompactionError, docs/contract-decisions.md).

const OPTIONS = { maxUnits: 38, targetUnits: 35, summaryMaxUnits: 12, retainRecentMessages: 1, summaryId: "s1", recordId: "c1" };

describe("a forged error of the subject's own class (contract §7 step 5)", () => {
  it("is an instance of the subject's class also when that class keeps its code behind a getter", async () => {
    class GetterError extends Error {
      readonly #code: string;
      constructor(code: string, message: string) {
        super(message);
        this.#code = code;
      }
      get code(): string {
        return this.#code;
      }
      override get name(): string {
        return "ContextCompactionError";
      }
    }
    let delivered: unknown;
    const subject = {
      ...core,
      ContextCompactionError: GetterError,
      compactContext(_context: unknown, options: Record<string, unknown>) {
        try {
          (options.summarizer as () => unknown)();
        } catch (error) {
          delivered = error;
        }
        return Promise.reject(new GetterError("CONTEXT_SUMMARIZER_FAILED", "x"));
      },
    };
    await createDriver(subject).observe(compactScenario({ summarizer: { kind: "forgedError", form: "instance", code: "CONTEXT_CANCELLED", delivery: "throw" }, options: OPTIONS }));
    expect(delivered).toBeInstanceOf(GetterError);
    expect((delivered as GetterError).code).toBe("CONTEXT_CANCELLED");
  });
});
