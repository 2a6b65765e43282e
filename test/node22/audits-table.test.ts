import { describe, expect, it } from "vitest";
import { builtinAdapter } from "../../src/adapters/registry";
import { checkRow, record, rowKey } from "../adapters/audits-expected";

// docs/audits.md, the rows whose library needs Node >= 22.19 (node22/): npm run test:node22 runs
// this under node22/'s Node; each row replays its findings and checks what holds.

const NODE22 = record.reports.filter((r) => !builtinAdapter(r.target)?.source.startsWith("src/")).map(rowKey);

describe("docs/audits.md under Node 22", () => {
  it("runs under Node >= 22.19", () => {
    const [major, minor] = process.versions.node.split(".").map(Number);
    expect(major! > 22 || (major === 22 && minor! >= 19)).toBe(true);
    expect(NODE22.length).toBe(8);
  });

  it.each(NODE22)("%s: the table says what the docs lead us to expect, and it reproduces", (key) => checkRow(key));
});
