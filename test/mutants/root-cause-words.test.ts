import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { wordProblems } from "../../src/grader/report/plain-words";
import { ROOT_CAUSES_FILE } from "./root-cause-section";

// Issue 26: a report's root causes speak the contract's words. Every title and explanation the
// catalogue's grades printed (docs/root-causes.json, written by `npm run root-causes`) is read
// for internal names of the scenario data and doubled words; the held-out measure counts the
// same over its grades (docs/heldout.md).
describe("root-cause titles and explanations over the catalogue", () => {
  const { rows } = JSON.parse(readFileSync(ROOT_CAUSES_FILE, "utf8")) as { rows: { mutantId: string; causes: { title: string; explanation: string }[] }[] };

  it("name no internal name and print no word twice in a row", () => {
    const found = rows.flatMap((row) => row.causes.flatMap((cause) => [...wordProblems(cause.title), ...wordProblems(cause.explanation)].map((problem) => `${row.mutantId}: ${problem}`)));
    expect(found).toEqual([]);
  });

  it("the check finds what it looks for", () => {
    expect(wordProblems("adopting a thenable delivered twice twice")).toEqual(['doubled word "twice twice"']);
    expect(wordProblems("the summarizer thenReturnsRejecting")).toEqual(["internal name thenReturnsRejecting"]);
    expect(wordProblems("returns a thenable whose then delivers the text")).toEqual([]);
  });
});
