// Contract §7 step 8: the new context is built and validated like any input (§3) before it is
// exposed, so a compaction that would push it past a limit rejects with
// CONTEXT_LIMIT_EXCEEDED and leaves the old context as it was.
import { describe, expect, it } from "vitest";
import { MAX_CONTEXT_RECORDS, MAX_CONTEXT_STRING_UNITS } from "../../src/core/index";
import {
  assistant,
  build,
  call,
  compact,
  compactionOptions,
  deepSnapshot,
  rejectionCode,
  result,
  seedRequirements,
  seedSummary,
  summaryUnits,
  toolTranscript,
  user,
  type Context,
} from "./fixtures";

async function codeAndUnchanged(context: Context, options: Record<string, unknown>): Promise<string> {
  const before = deepSnapshot(context);
  const code = await rejectionCode(compact(context, options));
  expect(deepSnapshot(context)).toEqual(before);
  return code;
}

const record = (id: string, compactedId = "m") => ({
  id,
  summaryId: "s",
  boundary: 1,
  compactedMessageIds: [compactedId],
  unitsBefore: 0,
  unitsAfter: 0,
});

describe("limits of the new context", () => {
  it("rejects a 257th record with CONTEXT_LIMIT_EXCEEDED", async () => {
    const compactions = Array.from({ length: MAX_CONTEXT_RECORDS }, (_, i) => record("rec" + i));
    const context = build({ requirements: seedRequirements(), messages: toolTranscript(), compactions });
    const options = compactionOptions(context, () => "summary", summaryUnits(seedSummary()));
    expect(await codeAndUnchanged(context, options)).toBe("CONTEXT_LIMIT_EXCEEDED");
  });

  it("rejects a recordId longer than 65536 code points with CONTEXT_LIMIT_EXCEEDED", async () => {
    const context = build({ requirements: seedRequirements(), messages: toolTranscript() });
    const options = compactionOptions(context, () => "summary", summaryUnits(seedSummary()), {
      recordId: "r".repeat(MAX_CONTEXT_STRING_UNITS + 1),
    });
    expect(await codeAndUnchanged(context, options)).toBe("CONTEXT_LIMIT_EXCEEDED");
  });

  // Records carry ~990,000 code points at no unit cost; the prefix holds units but almost no
  // strings (numbers), so a 24,000-point summary pushes the strings past the limit under any
  // reading of "keys included", while the old context stays within it under all.
  function nearStringLimitContext() {
    let remaining = 990_000;
    const compactions = Array.from({ length: 16 }, (_, i) => {
      const size = Math.min(remaining, MAX_CONTEXT_STRING_UNITS);
      remaining -= size;
      return record("k" + String.fromCharCode(97 + i), "m".repeat(size));
    });
    const numbers = new Array(1500).fill(-1.2345678901234567e-100);
    const messages = [assistant("a", [call("c", "t", { v: numbers })]), result("r", "c", "t"), user("n", "z")];
    return build({ messages, compactions });
  }

  it("rejects a new context whose strings exceed 1,000,000 code points", async () => {
    const context = nearStringLimitContext();
    const options = compactionOptions(context, () => "s".repeat(24_000), 25_000);
    expect(await codeAndUnchanged(context, options)).toBe("CONTEXT_LIMIT_EXCEEDED");
  });

  it("compacts the same context when the summary is short", async () => {
    const context = nearStringLimitContext();
    const options = compactionOptions(context, () => "short", 25_000);
    expect((await compact(context, options)).status).toBe("compacted");
  });
});
