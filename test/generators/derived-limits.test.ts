import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DERIVED_LIMITS, derivedLimitScenarios } from "../../properties/_internals/derived-limits";
import { expectedFor, modelBuild } from "../../src/model";
import type { Json } from "../../src/scenario";

// The scenarios of strength.derived-context-limits reach what they claim: the old context is
// within every limit, and the model compacts it at the limit and refuses it one past.
describe("derivedLimitScenarios", () => {
  const samples = fc.sample(derivedLimitScenarios(), { seed: 20261130, numRuns: 60 });

  it("reaches every limit on both sides", () => {
    const seen = new Set(samples.map((s) => s.labels!.slice(0, 2).join(" ")));
    for (const limit of DERIVED_LIMITS) for (const side of ["at", "past"]) expect(seen, `${limit} ${side}`).toContain(`derived:${limit} side:${side}`);
  });

  it("starts from a valid context: at the limit it compacts, one past it fails with CONTEXT_LIMIT_EXCEEDED", () => {
    for (const scenario of samples) {
      const op = scenario.operation;
      if (op.kind !== "compact") throw new Error("not a compact scenario");
      expect(modelBuild(op.context as Json).ok, scenario.labels!.join(" ")).toBe(true);
      const expected = expectedFor(scenario);
      if (scenario.labels!.includes("side:at")) expect(expected.kind === "returns" && (expected.value as { status?: string }).status).toBe("compacted");
      else expect(expected).toMatchObject({ kind: "throws", codes: ["CONTEXT_LIMIT_EXCEEDED"] });
    }
  });
});
