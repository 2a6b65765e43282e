import { afterAll, describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import * as core from "../../src/core/index";
import { createInProcessHost } from "../../src/grader/in-process-host";
import { prepareSubmission, type Prepared } from "../../src/grader/prepare";
import { DEFAULT_LIMITS } from "../../src/grader/sandbox/plan";
import type { Scenario } from "../../src/scenario/scenario";

// Observations cross from the child as JSON lines on a pipe, in chunks of a few KiB. A large
// non-ASCII observation is split inside multi-byte UTF-8 characters; it must arrive intact.

const CORE = fileURLToPath(new URL("../../src/core", import.meta.url));

let prepared: Prepared | null = null;
afterAll(async () => {
  await prepared?.dispose();
});

describe("child host transport", () => {
  it("a 1 MiB observation of astral and accented text arrives exactly as observed in-process", async () => {
    // 3-byte and 4-byte characters at every offset modulo 4, so any chunk size cuts one.
    const content = "é😀€a".repeat(90_000).slice(0, 65_000);
    const scenario: Scenario = {
      operation: { kind: "build", input: { messages: Array.from({ length: 8 }, (_, i) => ({ id: `m${i}`, role: "user", content })) } },
    };
    prepared = await prepareSubmission(CORE, DEFAULT_LIMITS);
    const sandboxed = await prepared.host!.observe(scenario);
    const local = await createInProcessHost(core as unknown as Record<string, unknown>).observe(scenario);
    expect(sandboxed.outcome.kind).toBe("returned");
    expect(JSON.stringify(sandboxed.outcome)).toBe(JSON.stringify(local.outcome));
  });
});
