import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { AUDIT_TARGETS, AUDITS_DOC_PATH, renderAuditsDoc } from "../../src/adapters/audits-doc";
import { builtinAdapter } from "../../src/adapters/registry";
import { checkRow, EXPECTED, record, rowKey } from "./audits-expected";

// docs/audits.md, the rows whose library runs on Node 20 (root devDependencies): each replays
// here; the other rows replay under Node 22 (test/node22/audits-table.test.ts).

const NODE20 = record.reports.filter((r) => builtinAdapter(r.target)?.source.startsWith("src/")).map(rowKey);

describe("docs/audits.md", () => {
  it("covers every audit target, each row's verdicts written down", () => {
    expect(record.reports.map((r) => r.target)).toEqual([...AUDIT_TARGETS]);
    expect(record.reports.map(rowKey).sort()).toEqual(Object.keys(EXPECTED).sort());
    expect(NODE20).toEqual(["langchain-trim 1.4.0", "langchain-summarization 1.5.14", "pi-compaction 0.73.1"]);
  });

  it("is rendered from docs/audits.json as it stands (npm run audits writes both)", () => {
    expect(readFileSync(AUDITS_DOC_PATH, "utf8")).toBe(`${renderAuditsDoc(record)}\n`);
  });

  it.each(NODE20)("%s: the table says what the docs lead us to expect, and it reproduces", (key) => checkRow(key));
});
