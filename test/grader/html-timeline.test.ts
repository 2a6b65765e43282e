import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderHtml } from "../../src/grader/report/html";
import type { RootCause } from "../../src/grader/result";
import type { Json } from "../../src/scenario/data";
import type { Expected } from "../../src/scenario/expected";
import type { Observation, Outcome } from "../../src/scenario/observation";
import type { Scenario } from "../../src/scenario/scenario";
import { compactScenario, gradeOf, observationOf } from "../_helpers/report-fixtures";
import { withPage } from "../report/browser";

// The HTML timeline draws what the mistake is about (issue 26, item 5): the context's
// requirements and summary with their units before the messages, the cut once where the
// submission's and the contract's agree and both where they differ, a note where an answer
// has no cut; the caption above the drawing says exactly what is drawn.

const messages: Json[] = [
  { id: "a", role: "user", content: "first" },
  { id: "b", role: "assistant", content: [{ type: "toolCall", id: "c1", name: "ls", arguments: {} }] },
  { id: "c", role: "toolResult", toolCallId: "c1", toolName: "ls", content: "ok", isError: false },
];
const compaction = (context: Record<string, Json>): Scenario => compactScenario({ requirements: [], summary: null, messages, compactions: [], ...context });
const compacted = (boundary: number, summary = "x"): Json => ({ status: "compacted", context: { requirements: [], summary: { id: "x", content: summary }, messages: messages.slice(boundary), compactions: [] }, record: { id: "rec", summaryId: "x", boundary, compactedMessageIds: [], unitsBefore: 1, unitsAfter: 1 } });
const observed = (outcome: Outcome): Observation => observationOf(outcome);
const returned = (value: Json) => observed({ kind: "returned", value });
const expects = (value: Json): Expected => ({ kind: "returns", value, summarizerCalls: 1 });

/** The page of one root cause per counterexample drawn (its observation, the contract's expected). */
function page(...drawn: readonly (readonly [Scenario, Observation | undefined, Expected])[]): string {
  const causes: RootCause[] = drawn.map(([counterexample, observation, expected], i) => ({ id: `cause-${i}`, title: `cause ${i}`, explanation: "", counterexample, counterexampleOf: `p${i}`, ...(observation === undefined ? {} : { observation }), expected, properties: [`p${i}`] }));
  return renderHtml(gradeOf(causes.map((c) => ({ id: c.properties[0]!, title: "x", family: "async", status: "failed", points: 0, maxPoints: 1, numRuns: 1, durationMs: 1, rootCause: c.id })), causes));
}

/** The root cause's section of the page drawing this counterexample. */
function section(counterexample: Scenario, observation: Observation | undefined, expected: Expected): string {
  const html = page([counterexample, observation, expected]);
  return html.slice(html.indexOf('<section class="cause"'), html.indexOf("</section>"));
}
const caption = (html: string) => /<p class="drawn">Drawn \(<code>[^<]*<\/code>\): ([^<]*)<\/p>/.exec(html)?.[1] ?? "";
const cutLines = (html: string) => [...html.matchAll(/<g class="cut ([^"]*)" data-cut="(\d+)">.*?<text[^>]*>([^<]*)<\/text>/g)].map((m) => `${m[1]} ${m[2]}: ${m[3]}`);
const notes = (html: string) => [...html.matchAll(/<text class="([^"]*) cut-none"[^>]*>([^<]*)<\/text>/g)].map((m) => m[2]);

describe("the timeline draws the context's requirements and summary", () => {
  it("a box each before the messages, with the units the contract counts (an emoji is 1)", () => {
    const html = section(compaction({ requirements: [{ id: "r", content: "😀" }], summary: { id: "s", content: "old" } }), returned(compacted(1, "y")), expects(compacted(1)));
    const boxes = [...html.matchAll(/<g class="(context-item \w+|message [\w-]+)"[^>]*data-id="([^"]*)"[^>]*><title>([^<]*)<\/title>.*?class="units"[^>]*>([^<]*)<\/text><\/g>/g)].map((m) => `${m[1]} ${m[2]}: ${m[4]}`);
    expect(boxes).toEqual(["context-item requirement r: 5 u", "context-item summary s: 9 u", "message role-user a: 10 u", "message role-assistant b: 17 u", "message role-toolResult c: 14 u"]);
    expect(html).toContain("<title>requirement r: 5 units = 3 + u(id) + u(content)</title>");
    expect(html).toContain('class="box-text">&quot;😀&quot;</text>');
    expect(caption(html)).toMatch(/^the grey boxes are the context's requirements and its summary, the others messages, each with its units; arcs join each tool call to its result; /);
  });

  it("a few requirements one by one, the others in one box; what a submission wrote only as text", () => {
    const requirements = [{ id: "<b>", content: "x" }, { id: "r2", content: "y" }, { id: "r3", content: "z" }, { id: "r4", content: "w" }, { id: "r5", content: "v" }];
    const html = section(compaction({ requirements }), returned(compacted(1)), expects(compacted(2)));
    expect([...html.matchAll(/<g class="context-item requirement"[^>]*data-id="([^"]*)"/g)].map((m) => m[1])).toEqual(["&lt;b&gt;", "r2", "r3", ""]);
    expect(html).toContain("<title>2 more requirements: 12 units in all</title>");
    expect(html).not.toContain("<b>");
    expect(caption(html)).toMatch(/^the grey boxes are the context's requirements, the others messages/);
  });

  it("no box and no word of them when the context has neither", () => {
    const html = section(compaction({}), returned(compacted(1)), expects(compacted(2)));
    expect(html).not.toContain("context-item");
    expect(caption(html)).toMatch(/^boxes are messages with their units; /);
  });
});

describe("the timeline draws the cut once where yours and the contract's agree", () => {
  it("equal cuts (an async mistake: the same cut, another summary): one line, labelled as the cut, and the caption says so", () => {
    const html = section(compaction({}), returned(compacted(1, "y")), expects(compacted(1)));
    expect(cutLines(html)).toEqual(["cut-expected cut-agreed 1: cut 1, yours = the contract's"]);
    expect(html).not.toContain("cut-observed");
    expect(caption(html)).toContain("the green line is the cut, where yours and the contract's agree");
    expect(caption(html)).not.toMatch(/red dashed|your cut/);
  });

  it("different cuts: both lines, and the caption names both", () => {
    const html = section(compaction({}), returned(compacted(2)), expects(compacted(1)));
    expect(cutLines(html)).toEqual(["cut-expected 1: contract's cut 1", "cut-observed 2: your cut 2"]);
    expect(caption(html)).toContain("the green line is the contract's cut and the red dashed one yours");
  });

  it("no cut in your answer: a note says why (a throw, nothing recorded), not a line and not silence", () => {
    const error = { isContextCompactionError: true, isError: true, typeOf: "object", name: "ContextCompactionError", code: "CONTEXT_SUMMARIZER_FAILED", message: "", frozen: true };
    const threw = section(compaction({}), observed({ kind: "threw", error }), expects(compacted(1)));
    expect(cutLines(threw)).toEqual(["cut-expected 1: contract's cut 1"]);
    expect(notes(threw)).toEqual(["your answer: no cut (threw CONTEXT_SUMMARIZER_FAILED)"]);
    expect(caption(threw)).toContain("the green line is the contract's cut; yours has none (the note below the drawing says why)");
    expect(notes(section(compaction({}), undefined, expects(compacted(1))))).toEqual(["your answer: no cut (not recorded)"]);
    const unchanged = section(compaction({}), returned({ status: "unchanged", context: {} }), expects({ status: "unchanged", context: {} }));
    expect(cutLines(unchanged)).toEqual([]);
    expect(notes(unchanged)).toEqual(["yours and the contract's answer: no cut (unchanged)"]);
    expect(caption(unchanged)).toContain("neither answer cuts");
  });
});

describe("in a browser (Debian Chromium)", () => {
  it("the requirement and summary boxes stand before message #0, one cut line where the cuts agree, two where they differ, and a note is drawn whole inside its drawing", async () => {
    const dir = await mkdtemp(join(tmpdir(), "cc-timeline-"));
    const file = join(dir, "report.html");
    const error = { isContextCompactionError: true, isError: true, typeOf: "object", name: "ContextCompactionError", code: "CONTEXT_SUMMARIZER_FAILED", message: "", frozen: true };
    try {
      const context = { requirements: [{ id: "r", content: "😀" }], summary: { id: "s", content: "old" } };
      await writeFile(file, page([compaction(context), returned(compacted(1, "y")), expects(compacted(1))], [compaction({}), returned(compacted(2)), expects(compacted(1))], [compaction(context), observed({ kind: "threw", error }), expects(compacted(1))]));
      const seen = await withPage(file, (p) =>
        p.$$eval("[data-root-cause]", (sections) =>
          sections.map((section) => {
            const svg = section.querySelector("svg.timeline")!;
            const right = svg.getBoundingClientRect().left + Number(svg.getAttribute("width"));
            const left = (selector: string) => [...section.querySelectorAll(selector)].map((el) => Math.round(el.getBoundingClientRect().left));
            return {
              context: [...section.querySelectorAll("svg .context-item")].map((el) => `${el.getAttribute("data-kind")} ${el.getAttribute("data-id")} ${el.querySelector(".units")!.textContent}`),
              contextLeft: left("svg .context-item"),
              firstMessageLeft: left('svg .message[data-index="0"]')[0]!,
              cuts: [...section.querySelectorAll("svg .cut text")].map((el) => el.textContent),
              notes: [...section.querySelectorAll("svg .cut-none")].map((el) => ({ text: el.textContent, inside: el.getBoundingClientRect().right <= right && el.getBoundingClientRect().width > 0 })),
              caption: section.querySelector("p.drawn")!.textContent,
            };
          }),
        ),
      );
      expect(seen.map((s) => s.context)).toEqual([["requirement r 5 u", "summary s 9 u"], [], ["requirement r 5 u", "summary s 9 u"]]);
      for (const s of seen) for (const x of s.contextLeft) expect(x).toBeLessThan(s.firstMessageLeft);
      expect(seen.map((s) => s.cuts)).toEqual([["cut 1, yours = the contract's"], ["contract's cut 1", "your cut 2"], ["contract's cut 1"]]);
      expect(seen.map((s) => s.notes)).toEqual([[], [], [{ text: "your answer: no cut (threw CONTEXT_SUMMARIZER_FAILED)", inside: true }]]);
      expect(seen[0]!.caption).toContain("the green line is the cut, where yours and the contract's agree");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
