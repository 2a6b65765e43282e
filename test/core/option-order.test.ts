// Contract §6 and §7: the options are checked in a fixed order and the first failure wins:
// the object's shape; each field in the order targetUnits, summaryMaxUnits,
// retainRecentMessages (missing or accessor: CONTEXT_INVALID_INPUT, a bad value:
// CONTEXT_INVALID_BUDGET); the cross-checks; then maxUnits, summaryId, recordId, summarizer,
// signal. An id longer than 65,536 code points is CONTEXT_LIMIT_EXCEEDED before any call.
import { describe, expect, it } from "vitest";
import { buildActiveContext, selectCompactionBoundary } from "../../src/core/index";
import { compact, compactionOptions, recordingSummarizer, rejectionCode, seedSummary, summaryUnits, thrownCode, toolContext } from "./fixtures";

const context = toolContext();

function optionsWith(changes: Record<string, unknown>, removed: string[] = []) {
  const { summarizer, calls } = recordingSummarizer(() => "summary");
  const options = compactionOptions(context, summarizer, summaryUnits(seedSummary()), changes);
  for (const key of removed) delete options[key];
  return { options, calls };
}

async function codeOf(changes: Record<string, unknown>, removed: string[] = []) {
  const { options, calls } = optionsWith(changes, removed);
  const code = await rejectionCode(compact(context, options));
  expect(calls).toHaveLength(0);
  return code;
}

describe("first failure wins, in the contract's order", () => {
  it.each([
    ["targetUnits missing before a bad summaryMaxUnits", { summaryMaxUnits: 0 }, ["targetUnits"], "CONTEXT_INVALID_INPUT"],
    ["a bad targetUnits before a missing summaryMaxUnits", { targetUnits: 0 }, ["summaryMaxUnits"], "CONTEXT_INVALID_BUDGET"],
    ["a bad summaryMaxUnits before a missing retainRecentMessages", { summaryMaxUnits: 1.5 }, ["retainRecentMessages"], "CONTEXT_INVALID_BUDGET"],
    ["retainRecentMessages missing before the cross-check", { summaryMaxUnits: 10 ** 6, targetUnits: 10 }, ["retainRecentMessages"], "CONTEXT_INVALID_INPUT"],
    ["the cross-check before a missing maxUnits", { summaryMaxUnits: 11, targetUnits: 10 }, ["maxUnits"], "CONTEXT_INVALID_BUDGET"],
    ["targetUnits > maxUnits before a missing summaryId", { targetUnits: 100, maxUnits: 99 }, ["summaryId"], "CONTEXT_INVALID_BUDGET"],
    ["a present undefined budget is a bad value, not missing", { targetUnits: undefined }, ["summaryMaxUnits"], "CONTEXT_INVALID_BUDGET"],
    ["a blank summaryId before a missing recordId", { summaryId: " " }, ["recordId"], "CONTEXT_INVALID_INPUT"],
    ["a long summaryId before a missing recordId", { summaryId: "s".repeat(65_537) }, ["recordId"], "CONTEXT_LIMIT_EXCEEDED"],
    ["a long recordId before a bad summarizer", { recordId: "r".repeat(65_537), summarizer: "no" }, [], "CONTEXT_LIMIT_EXCEEDED"],
    ["a bad summarizer before a bad signal", { summarizer: 1, signal: {} }, [], "CONTEXT_INVALID_INPUT"],
  ])("%s", async (_name, changes, removed, code) => {
    expect(await codeOf(changes, removed as string[])).toBe(code);
  });

  it("counts an id's length in code points: 65,536 astral characters are accepted", async () => {
    const { options } = optionsWith({ summaryId: "😀".repeat(65_536), summaryMaxUnits: 200_000, targetUnits: 300_000, maxUnits: 300_000 });
    // The id fits the ceiling; whatever happens next, it is not the id's limit.
    await compact(context, options).catch((error: { code: string }) => expect(error.code).not.toBe("CONTEXT_LIMIT_EXCEEDED"));
  });

  it("checks an over-long id even when the context needs no compaction (step 1 before step 2)", async () => {
    expect(await codeOf({ maxUnits: 10 ** 6, targetUnits: 10 ** 6, recordId: "r".repeat(65_537) })).toBe("CONTEXT_LIMIT_EXCEEDED");
  });
});

describe("selectCompactionBoundary in the same order", () => {
  const built = buildActiveContext({ messages: [] });
  it.each([
    ["targetUnits missing before a bad summaryMaxUnits", { summaryMaxUnits: 0, retainRecentMessages: 0 }, "CONTEXT_INVALID_INPUT"],
    ["a bad targetUnits before a missing retainRecentMessages", { targetUnits: -1, summaryMaxUnits: 1 }, "CONTEXT_INVALID_BUDGET"],
    ["retainRecentMessages missing before the cross-check", { targetUnits: 1, summaryMaxUnits: 2 }, "CONTEXT_INVALID_INPUT"],
  ])("%s", (_name, options, code) => {
    expect(thrownCode(() => selectCompactionBoundary(built, options as never))).toBe(code);
  });
});
