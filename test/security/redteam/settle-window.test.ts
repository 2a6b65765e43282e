import { describe, expect, it } from "vitest";
import { gradeStandIn } from "../support";
import { redteamFixture } from "./support";

// Red-team pass (session 10): the settling window. OPEN, not defended (docs/security.md,
// "Red-team pass"): a rejection left unhandled later than the window (five macrotasks after the
// call settled) is counted against whatever call is running then, as a stray between calls (a
// warning, no points), or never if the child ends first. No finite window closes this; `.fails`
// records that the attack works today, and turns red the day it does not.

describe("an unhandled rejection after the call settled", () => {
  it.fails("OPEN: one left 30 s after every call of the last property costs no points", async () => {
    const result = await gradeStandIn(redteamFixture("late-rejection"));
    expect(result.score).toBeLessThan(3);
  });
});
