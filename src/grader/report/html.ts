import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { GradeResult, PropertyResult, RootCause } from "../result";
import { counterexampleLines, failedText, outcomeLines, points, rootCauseOf, truncate } from "./format";
import { drawTimeline, escapeHtml } from "./html-timeline";
import { causeChargeHtml, CRITERIA_STYLE, criteriaSection } from "./html-criteria";
import type { Reporter } from "./reporter";

// `--html FILE`: one self-contained page (inline CSS and SVG, no script, nothing fetched) that
// opens offline: the score, the root causes with a timeline of a counterexample each, what
// units and groups are for a reader who has not read the contract, then every property.

const STYLE = `
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1d2330;background:#f6f7f9}
main{max-width:1100px;margin:0 auto;padding:24px}
h1{font-size:22px;margin:0 0 4px} h2{font-size:18px;margin:28px 0 8px} h3{font-size:16px;margin:0 0 6px}
.score{font-size:34px;font-weight:700} .muted{color:#5b6475} code,pre{font:13px/1.4 ui-monospace,Menlo,Consolas,monospace}
code{overflow-wrap:anywhere} .replay code{word-break:break-all}
pre{background:#fff;border:1px solid #dde1e8;border-radius:6px;padding:10px;overflow:auto}
.cause{background:#fff;border:1px solid #dde1e8;border-left:5px solid #c2410c;border-radius:8px;padding:16px;margin:14px 0}
.diff{border-collapse:collapse;margin:8px 0;max-width:100%} .diff td,.diff th{border:1px solid #dde1e8;padding:3px 8px;text-align:left} .diff td{overflow-wrap:anywhere}
.legend{background:#fff;border:1px solid #dde1e8;border-radius:8px;padding:12px 16px}
.legend dt{font-weight:600} .legend dd{margin:0 0 8px 0}
abbr{text-decoration:underline dotted;cursor:help}
.scroll{overflow-x:auto;background:#fff;border:1px solid #dde1e8;border-radius:6px;padding:6px;margin:8px 0}
table.props{border-collapse:collapse;width:100%;background:#fff} table.props td,table.props th{border-bottom:1px solid #e5e8ee;padding:4px 8px;text-align:left;vertical-align:top} table.props td{overflow-wrap:anywhere}
@media (max-width:600px){main{padding:12px} .cause{padding:10px} table.props td,table.props th,.diff td,.diff th{padding:3px 4px}}
.passed{color:#15803d} .failed{color:#b91c1c} .error{color:#a16207}
svg .box{fill:#fff;stroke:#64748b} svg .role-assistant .box{fill:#eef2ff} svg .role-toolResult .box{fill:#ecfdf5} svg .role-user .box{fill:#fff7ed} svg .context-item .box{fill:#e5e7eb;stroke:#6b7280}
svg .box-head{font:600 11px system-ui,sans-serif} svg .box-text{font:11px ui-monospace,monospace;fill:#334155} svg .units{font:600 11px system-ui,sans-serif;fill:#7c2d12}
svg .arc{fill:none;stroke:#4f46e5;stroke-width:1.6} svg .arc-label{font:10px ui-monospace,monospace;fill:#4f46e5}
svg .group{fill:none;stroke:#0f766e;stroke-width:2} svg .group-observed{stroke:#b91c1c;stroke-dasharray:4 3} svg .row-label{font:11px system-ui,sans-serif;fill:#475569}
svg .retained{fill:#fde68a;opacity:.45}
svg .cut-expected line{stroke:#15803d;stroke-width:2.5} svg .cut-observed line{stroke:#b91c1c;stroke-width:2.5;stroke-dasharray:6 4}
svg .cut text,svg .cut-none{font:600 11px system-ui,sans-serif} svg .cut-expected{fill:#15803d} svg .cut-observed{fill:#b91c1c}
${CRITERIA_STYLE}
`;

const UNITS_HINT = "Units measure size. u(s) is the number of Unicode code points of a string: an emoji counts 1. A user message costs 4 + u(id) + u(content); other messages have their own fixed base (contract §4).";
const GROUPS_HINT = "A tool round runs from an assistant message with tool calls through the last result of any of those calls; everything in between belongs to it. Compaction may only cut between groups (contract §5).";

export function htmlReporter(file: string): Reporter {
  return {
    async onGradeEnd(grade) {
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, renderHtml(grade));
    },
  };
}

export function renderHtml(grade: GradeResult): string {
  const passed = grade.properties.filter((p) => p.status === "passed").length;
  const failed = grade.properties.filter((p) => p.status === "failed").length;
  const body = [
    `<h1>compaction-check report</h1>`,
    `<p class="muted">${escapeHtml(grade.submission)} · seed ${grade.seed} · ${grade.numRuns} runs per property · ${grade.tool} ${escapeHtml(grade.version)}</p>`,
    `<p><span class="score" id="score">${points(grade.score)} / ${points(grade.maxScore)}</span> <span class="muted">${passed} of ${grade.properties.length} properties passed</span></p>`,
    criteriaSection(grade),
    grade.rootCauses.length === 0
      ? `<p>No root causes: ${failed === 0 ? "every property passed." : "the failures could not be grouped."}</p>`
      : `<h2>${failed} failed propert${failed === 1 ? "y comes" : "ies come"} from ${grade.rootCauses.length} root cause${grade.rootCauses.length === 1 ? "" : "s"}</h2><p class="muted">Fix them in this order: the first ones are upstream, and the properties under each fail only because of it (each was judged again with your own answer there, e.g. your own <abbr title="${escapeHtml(UNITS_HINT)}">units</abbr> or <abbr title="${escapeHtml(GROUPS_HINT)}">groups</abbr>, and passed).</p>`,
    ...grade.rootCauses.map((cause, index) => causeSection(cause, index)),
    legend(),
    `<h2>Every property</h2>`,
    propertyTable(grade),
    grade.warnings.length === 0 ? "" : `<h2>Warnings</h2><ul>${grade.warnings.map((w) => `<li>${escapeHtml(w)}</li>`).join("")}</ul>`,
  ];
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>compaction-check: ${points(grade.score)}/${points(grade.maxScore)}</title><style>${STYLE}</style></head><body><main>${body.join("\n")}</main></body></html>\n`;
}

function causeSection(cause: RootCause, index: number): string {
  const differences = cause.differences ?? [];
  const drawing = cause.illustration ?? (cause.counterexample === undefined ? undefined : { propertyId: cause.counterexampleOf ?? "", counterexample: cause.counterexample, observation: cause.observation, expected: cause.expected });
  const timeline = drawing === undefined ? null : drawTimeline({ scenario: drawing.counterexample, observation: drawing.observation, expected: drawing.expected });
  return [
    `<section class="cause" id="cause-${escapeHtml(cause.id)}" data-root-cause="${escapeHtml(cause.id)}">`,
    `<h3>${index + 1}. ${escapeHtml(cause.title)}</h3>`,
    causeChargeHtml(cause),
    `<p>${escapeHtml(cause.explanation)}</p>`,
    differences.length === 0 ? "" : `<table class="diff"><tr><th>question</th><th>your answer</th><th>the contract's</th></tr>${differences.slice(0, 4).map((d) => `<tr><td><code>${escapeHtml(d.question)}</code></td><td>${escapeHtml(d.subject)}</td><td>${escapeHtml(d.contract)}</td></tr>`).join("")}</table>`,
    cause.counterexample === undefined ? "" : `<p>Smallest counterexample (<code>${escapeHtml(cause.counterexampleOf ?? "")}</code>):</p><pre>${escapeHtml([...counterexampleLines(cause.counterexample), ...outcomeLines(cause)].join("\n"))}</pre>`,
    timeline === null || drawing === undefined ? "" : `<p class="drawn">Drawn (<code>${escapeHtml(drawing.propertyId)}</code>): ${escapeHtml(timeline.caption)}</p><div class="scroll">${timeline.svg}</div>${drawing === cause.illustration && drawing.propertyId !== cause.counterexampleOf ? `<pre>${escapeHtml(outcomeLines(drawing).join("\n"))}</pre>` : ""}`,
    cause.replay === undefined ? "" : `<p class="replay">Replay: <code>${escapeHtml(cause.replay)}</code></p>`,
    cause.properties.length === 0 ? `<p class="muted">${escapeHtml(failedText(cause))}</p>` : `<details><summary>${escapeHtml(failedText(cause))}</summary><p>${cause.properties.map((id) => `<code>${escapeHtml(id)}</code>`).join(", ")}</p></details>`,
    `</section>`,
  ].join("\n");
}

function legend(): string {
  return `<h2>How to read this</h2><dl class="legend">
<dt>Units</dt><dd>${escapeHtml(UNITS_HINT)} Budgets (<code>targetUnits</code>, <code>maxUnits</code>, <code>summaryMaxUnits</code>) are in units, so a miscount moves every decision. Hover a message box to see its formula.</dd>
<dt>Groups</dt><dd>${escapeHtml(GROUPS_HINT)} A cut inside a group would separate a tool call from its result.</dd>
<dt>Cut (boundary)</dt><dd>The index of the first message kept: messages before it are replaced by a summary. The contract picks the earliest group end that leaves at most <code>targetUnits</code> (requirements + <code>summaryMaxUnits</code> + the kept messages) without cutting into the last <code>retainRecentMessages</code> messages.</dd>
<dt>Root cause</dt><dd>A failure is put under an upstream root cause only when judging its counterexample again with your own answers (your units, your groups, your boundary) makes it pass; otherwise it is its own root cause.</dd>
</dl>`;
}

function propertyTable(grade: GradeResult): string {
  const row = (p: PropertyResult) => {
    const root = rootCauseOf(grade, p);
    const cause = root === null ? "" : `<a href="#cause-${escapeHtml(root.cause.id)}">${root.index + 1}</a>`;
    const message = p.message === undefined ? "" : `<div class="muted">${escapeHtml(truncate(p.message, 300))}</div>`;
    return `<tr data-status="${p.status}"><td class="${p.status}">${p.status === "passed" ? "✓" : p.status === "failed" ? "✗" : "!"}</td><td><code>${escapeHtml(p.id)}</code><div>${escapeHtml(p.title)}</div>${message}</td><td>${points(p.points)}/${points(p.maxPoints)}</td><td>${cause}</td></tr>`;
  };
  return `<table class="props"><tr><th></th><th>property</th><th>points</th><th>root cause</th></tr>${grade.properties.map(row).join("")}</table>`;
}
