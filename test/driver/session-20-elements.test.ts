import { describe, expect, it } from "vitest";
import * as core from "../../src/core";
import { createDriver } from "../../src/driver/index";
import type { Observation } from "../../src/scenario/observation";
import type { SummarizerScript } from "../../src/scenario/scenario";
import { make as asyncS20 } from "../heldout/s20-async-inherited-returned-undefined/compose";
import { compactScenario } from "./scenarios";

// The scenario elements added for the held-out mistakes of session 19 (s20): a thenableChain whose
// thenables inherit their then (`inherit`: "class", "subclass", "objectCreate"), and a thenable
// whose then calls resolve(undefined), then perhaps fulfils or rejects (undefinedDelivered).

const code = (o: Observation) => (o.outcome.kind === "threw" ? o.outcome.error.code : o.outcome.kind);
const summary = (o: Observation) =>
  o.outcome.kind === "returned" ? (o.outcome.value as { context: { summary: { content: unknown } } }).context.summary.content : undefined;

/** A compaction the core performs with a good summary ("sum"): budgets for ./scenarios' context. */
const OPTIONS = { maxUnits: 38, targetUnits: 35, summaryMaxUnits: 12, retainRecentMessages: 1, summaryId: "s1", recordId: "c1" };
const coreSubject = core as unknown as Record<string, unknown>;

/** A subject that keeps what the summarizer returned (and answers nothing). */
function keeping(): { subject: Record<string, unknown>; values: unknown[] } {
  const values: unknown[] = [];
  const compactContext = async (_input: unknown, options: { summarizer: (request: unknown, signal: unknown) => unknown }) => {
    values.push(options.summarizer({}, undefined));
    throw new core.ContextCompactionError("CONTEXT_SUMMARY_INVALID", "kept");
  };
  return { subject: { ...coreSubject, compactContext }, values };
}

describe("scenario elements of session 19", () => {
  it("a thenableChain with `inherit`: each thenable has no own then, and inherits one; the core adopts the chain; depth 0 with `inherit` is malformed", async () => {
    for (const inherit of ["class", "subclass", "objectCreate"]) {
      for (const depth of [1, 3]) {
        const o = await createDriver(coreSubject).observe(compactScenario({ summarizer: { kind: "thenableChain", depth, text: "sum", inherit }, options: OPTIONS }));
        expect(summary(o), `${inherit} ${depth}`).toBe("sum");
        expect(o.hostile["then.calls"], `${inherit} ${depth}`).toBe(depth);
      }
      const { subject, values } = keeping();
      await createDriver(subject).observe(compactScenario({ summarizer: { kind: "thenableChain", depth: 1, text: "sum", inherit }, options: OPTIONS }));
      const value = values[0] as object;
      expect(Object.prototype.hasOwnProperty.call(value, "then"), inherit).toBe(false);
      expect(typeof (value as { then?: unknown }).then, inherit).toBe("function");
      expect(Object.getPrototypeOf(value) === Object.prototype, inherit).toBe(false);
    }
    const malformed = await createDriver(coreSubject).observe(compactScenario({ summarizer: { kind: "thenableChain", depth: 0, text: "sum", inherit: "class" }, options: OPTIONS }));
    expect(malformed.outcome.kind).toBe("crash");
  });

  it("undefinedDelivered: CONTEXT_SUMMARY_INVALID on the core whatever the then does next; a reader waiting for a defined value hangs on `nothing`, takes the text or the rejection otherwise", async () => {
    const pending = asyncS20(new Set(["undefined-delivery-pending"]));
    const scripts: SummarizerScript[] = [
      { kind: "undefinedDelivered", after: "nothing" },
      { kind: "undefinedDelivered", after: "text", when: "inCall", text: "sum" },
      { kind: "undefinedDelivered", after: "text", when: "macrotask", text: "sum" },
      { kind: "undefinedDelivered", after: "rejects", when: "microtask" },
    ];
    const mistaken = ["timeout", "returned", "returned", "CONTEXT_SUMMARIZER_FAILED"];
    for (const [i, summarizer] of scripts.entries()) {
      const o = await createDriver(coreSubject).observe(compactScenario({ summarizer, options: OPTIONS }));
      expect(code(o), JSON.stringify(summarizer)).toBe("CONTEXT_SUMMARY_INVALID");
      const m = await createDriver({ ...coreSubject, ...pending }).observe(compactScenario({ summarizer, options: OPTIONS }), { timeoutMs: 200 });
      expect(code(m), JSON.stringify(summarizer)).toBe(mistaken[i]);
    }
    const malformed: SummarizerScript[] = [{ kind: "undefinedDelivered", after: "text", when: "inCall" }, { kind: "undefinedDelivered", after: "rejects" }, { kind: "undefinedDelivered" }];
    for (const summarizer of malformed) {
      const o = await createDriver(coreSubject).observe(compactScenario({ summarizer, options: OPTIONS }));
      expect(o.outcome.kind, JSON.stringify(summarizer)).toBe("crash");
    }
  });
});
