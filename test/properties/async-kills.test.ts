import { describe, expect, it } from "vitest";
import { asyncProperties } from "../../properties/async";
import { brokenModules, eachPropertyFails, expectNamesEveryProperty, type KillTable } from "./_kills";

// Every async property fails on at least one deliberately broken implementation
// (test/fixtures/broken-async/<name>.ts: src/core with one realistic async bug).

const ASYNC_KILLS: KillTable = {
  "async.outcome-per-script": "plain-await",
  "async.thenable-depth-64-accepted": "depth-off-by-one",
  "async.thenable-depth-65-rejected": "plain-await",
  "async.forged-code-is-summarizer-failed": "plain-await",
  "async.unobservable-promise-refused": "own-constructor-fails",
  "async.thenable-reached-twice-called-once": "plain-await",
  "async.resolution-wins": "throw-beats-resolution",
  "async.no-unhandled-rejection": "leaks-late-rejection",
  "async.failure-leaves-context-unchanged": "record-before-summary",
  "cancel.outcome-per-abort-point": "late-abort-listener",
  "cancel.arrives-when-summarizer-never-settles": "no-abort-race",
  "cancel.any-abort-reason": "abort-reason-must-be-aborterror",
  "cancel.abort-right-after-delivery": "signal-dropped-at-delivery",
};

/** Generous: a run stops at its first failure, so this bounds only a (never seen) miss. */
const KILL_RUNS = 300;

const brokenNames = brokenModules("broken-async");

describe("every async property fails on a broken implementation", () => {
  it("the kill table names every async property and every broken-async module", () => {
    expectNamesEveryProperty(ASYNC_KILLS, asyncProperties);
    expect([...new Set(Object.values(ASYNC_KILLS))].sort()).toEqual(brokenNames);
  });

  eachPropertyFails({
    folder: "broken-async",
    properties: asyncProperties,
    kills: ASYNC_KILLS,
    reference: false,
    numRuns: KILL_RUNS,
    // The message is the property's verdict, or the grader's rule that pre-empts every
    // property (src/grader/run/judge.ts: a timeout, an unhandled rejection).
    message: { pattern: /expected|did not settle|unhandled rejection/, says: "the failure says what went wrong" },
  });
});
