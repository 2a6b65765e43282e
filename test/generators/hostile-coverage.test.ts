import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HOSTILE_KINDS, LIMIT_NAMES, hostileScenario, limitEdgeScenario } from "../../generators";
import { expectedFor } from "../../src/model";
import type { Scenario } from "../../src/scenario";

// The hostile generators reach every class they introduce in a meaningful share of cases:
// each hostile kind, channel, place and effect; and every limit of §3 at and past its edge.

function shares(samples: readonly Scenario[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const s of samples) for (const label of new Set(s.labels ?? [])) counts.set(label, (counts.get(label) ?? 0) + 1);
  return new Map([...counts].map(([label, n]) => [label, n / samples.length]));
}

describe("hostileScenario coverage", () => {
  const seed = Number(fc.readConfigureGlobal().seed ?? 0);
  const samples = fc.sample(hostileScenario(), { numRuns: 400, seed });
  const share = shares(samples);
  const atLeast = (label: string, min: number) => it(`${label} in at least ${min * 100}% of cases`, () => expect(share.get(label) ?? 0, label).toBeGreaterThanOrEqual(min));

  for (const kind of HOSTILE_KINDS) atLeast(`hostile:${kind}`, 0.03);
  for (const channel of ["input", "requirements", "summary", "messages", "compactions", "options"]) atLeast(`channel:${channel}`, 0.02);
  for (const place of ["root", "field", "item", "argsKey", "argsItem", "extra"]) atLeast(`place:${place}`, 0.02);
  for (const effect of ["benign", "reject", "substitute"]) atLeast(`effect:${effect}`, 0.1);
  for (const op of ["build", "units", "groups", "boundary", "compact"]) atLeast(`op:${op}`, 0.1);
  atLeast("hostile:two-channels", 0.1);
  atLeast("outcome:returns", 0.1);
  atLeast("code:CONTEXT_INVALID_INPUT", 0.1);
  atLeast("code:CONTEXT_INVALID_TRANSCRIPT", 0.1);

  it("places a throwing trap of each kind the contract says is read", () => {
    const traps = new Set(samples.flatMap((s) => (s.decorations ?? []).map((d) => d.throwingTrap)).filter((t) => t !== undefined));
    expect([...traps].sort()).toEqual(["getOwnPropertyDescriptor", "getPrototypeOf", "ownKeys"]);
  });
});

describe("limitEdgeScenario reaches every limit at and past its edge", () => {
  for (const limit of LIMIT_NAMES) {
    for (const side of ["at", "past"] as const) {
      it(`${limit} ${side}`, () => {
        const [scenario] = fc.sample(limitEdgeScenario({ limits: [limit], side }), { numRuns: 1, seed: Number(fc.readConfigureGlobal().seed ?? 0) });
        expect(scenario!.labels).toContain(`limit:${limit}`);
        const expected = expectedFor(scenario!);
        if (side === "at") expect(expected.kind).toBe("returns");
        else {
          expect(expected.kind).toBe("throws");
          expect(expected.kind === "throws" && expected.codes).toContain("CONTEXT_LIMIT_EXCEEDED");
          // Hostile data sits after the overflow point (the depth edge puts it at depth 33).
          expect((scenario!.decorations ?? []).length).toBeGreaterThan(0);
        }
      });
    }
  }
});

describe("limitEdgeScenario puts bad slots after every kind of overflow, in every kind of array (§3 Slots first, issue 27)", () => {
  const past = fc.sample(limitEdgeScenario({ side: "past" }), { numRuns: 1500, seed: 20261129 });
  const labelled = (label: string) => past.filter((s) => (s.labels ?? []).includes(label));

  it.each(["requirements", "messages", "compactions", "compactedMessageIds", "content", "arguments"])("a bad slot later in %s", (array) => {
    expect(labelled(`slot-after:${array}`).length).toBeGreaterThan(0);
  });

  it.each(["stringUnits", "totalStringUnits", "collectionItems", "depth"])("a bad slot after a %s overflow", (limit) => {
    expect(past.filter((s) => (s.labels ?? []).includes(`limit:${limit}`) && (s.labels ?? []).some((l) => l.startsWith("slot-after:"))).length).toBeGreaterThan(0);
  });

  // Not after a per-channel count (§8 row 1: only CONTEXT_LIMIT_EXCEEDED, the items are never
  // looked at) nor the units ceiling (checked at the end: every later rule's code anyway).
  const COUNT_OR_UNITS = ["limit:messages", "limit:requirements", "limit:records", "limit:totalUnits"];
  it("the model accepts the slot's channel code beside CONTEXT_LIMIT_EXCEEDED there", () => {
    const both = past.filter((s) => (s.labels ?? []).some((l) => l.startsWith("slot-after:")) && !COUNT_OR_UNITS.some((l) => (s.labels ?? []).includes(l)) && (s.decorations ?? []).length === 1);
    expect(both.length).toBeGreaterThan(10);
    for (const scenario of both) {
      const expected = expectedFor(scenario);
      const codes = expected.kind === "throws" ? expected.codes : [];
      expect(codes, JSON.stringify(scenario.labels)).toContain("CONTEXT_LIMIT_EXCEEDED");
      expect(codes.some((c) => c === "CONTEXT_INVALID_INPUT" || c === "CONTEXT_INVALID_TRANSCRIPT"), JSON.stringify(scenario.labels)).toBe(true);
    }
  });
});
