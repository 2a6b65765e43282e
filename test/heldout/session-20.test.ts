// What session 20's analysis tells apart, on the fresh material that showed it (the `s21-`
// implementations, DEV), graded as `npm run heldout:measure` grades them (sandboxed, its seed and
// runs): a promise a then returns left without handlers is one mistake of what a then returns
// (not also one of how native promises are observed, and one of a leak).
import { describe, expect, it } from "vitest";
import { heldoutRootCauses } from "../_helpers/heldout-grades";

const rootCauses = await heldoutRootCauses("session-20");

describe.concurrent("session 20: one root cause per mistake on the s21- material", () => {
  it("a native promise a then returns left without handlers: one root cause, what a then returns", { timeout: 300_000 }, async () => {
    expect((await rootCauses("s21-then-returned-promise-unhandled", null)).ids).toEqual(["step5.thenReturns"]);
  });
});
