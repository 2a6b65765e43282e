import { describe, expect, it, vi } from "vitest";
import keepRecentAdapter from "../../examples/adapter/keep-recent.adapter";
import { runAudit } from "../../src/adapters/audit";
import { formatAudit } from "../../src/adapters/report-text";

// What a library prints during an audit is captured, not interleaved with the audit's own
// output, and summed up in the report: how many lines, how many distinct, the first few.

describe("a library's console output during an audit", () => {
  it("is captured and summed up, not printed", async () => {
    const chatty = {
      ...keepRecentAdapter,
      run: (messages: never[], o: { maxTokens: number }) => {
        console.log(`trimming ${messages.length} messages`);
        console.warn("budget is tight");
        process.stdout.write("raw write\n");
        return keepRecentAdapter.run(messages, o);
      },
    };
    let leaked = "";
    const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((leaked += String(chunk)), true));
    const warn = vi.spyOn(console, "warn").mockImplementation((...args) => void (leaked += args.join(" ")));
    const report = await runAudit(chatty, { seed: 1, runs: 10, only: ["output.kept-in-order", "output.deterministic"] }).finally(() => {
      write.mockRestore();
      warn.mockRestore();
    });
    expect(leaked).toBe("");
    // Three lines per run: kept-in-order runs each case once, deterministic twice.
    expect(report.console).toMatchObject({ lines: 3 * (10 + 20), samples: expect.arrayContaining(["budget is tight", "raw write"]) });
    expect(report.console!.distinct).toBeLessThan(report.console!.lines);
    expect(formatAudit(report)).toMatch(/the library printed 90 lines \(\d+ distinct\) during the audit, captured and not shown; the first:\n {2}\| /);
  });

  it("outside an audit, a call prints as usual", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    try {
      const { execute } = await import("../../src/adapters/execute");
      await execute({ ...keepRecentAdapter, run: (m: never[]) => (console.log("hello"), m) }, { transcript: [], options: { maxTokens: 1 } });
      expect(log).toHaveBeenCalledWith("hello");
    } finally {
      log.mockRestore();
    }
  });
});
