import { describe, expect, it } from "vitest";
import { describeCause, detailWords } from "../../src/grader/root-cause/describe";
import type { Difference } from "../../src/grader/root-cause/differences";
import { refineBuild } from "../../src/grader/root-cause/refine";

// A root cause in words (src/grader/root-cause/refine.ts, describe.ts). How a build's departure is named (src/grader/root-cause/refine.ts refineBuild): accepted where
// the contract refuses, refused where it accepts, or, both accepting, built into another context.
// The last was called "an input the contract refuses, accepted" (held-out DEV student-alice: a
// tool-call argument named "__proto__" copied by assignment), a title a student cannot act on.

const context = { requirements: [], summary: null, messages: [], compactions: [] };
const difference = (subject: unknown, contract: unknown): Difference =>
  ({ layer: "build", question: "buildActiveContext(…)", subject: "accepts it", contract: "accepts it", about: { kind: "build", question: { reader: "build", input: {} }, subject, contract } }) as unknown as Difference;

describe("a build's departure in words", () => {
  it("both accept: built into another context, never 'accepted'", () => {
    const refined = refineBuild(difference({ ok: true, context }, { ok: true, context }));
    expect(refined).toMatchObject({ rule: "build.shape", key: "build.shape built otherwise" });
    expect(detailWords("built otherwise")).toBe("an input both accept, built into another context");
  });

  it("accepted where the contract refuses, and refused where it accepts", () => {
    expect(refineBuild(difference({ ok: true, context }, { ok: false, codes: ["CONTEXT_INVALID_TRANSCRIPT"] })).key).toBe("build.transcript accepted");
    expect(refineBuild(difference({ ok: false, code: "CONTEXT_LIMIT_EXCEEDED" }, { ok: true, context })).key).toBe("build.limits rejected with CONTEXT_LIMIT_EXCEEDED");
  });
});

describe("a root cause's explanation", () => {
  it("starts with the rule, a function of the contract keeping its case (u(s), not U(s))", () => {
    const units = describeCause({ key: "units.u", rule: "units.u", question: "", subject: "", contract: "" }, null, 2);
    expect(units.explanation.startsWith("u(s) is the number of Unicode code points")).toBe(true);
    const groups = describeCause({ key: "groups.rounds", rule: "groups.rounds", question: "", subject: "", contract: "" }, null, 2);
    expect(groups.explanation.startsWith("Each assistant message with tool calls")).toBe(true);
  });
});
