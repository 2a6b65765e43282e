import type { GradeResult, RootCause } from "../result";
import { causeCharge, creditText, scoringLine, shownText } from "./criteria-text";
import { escapeHtml } from "./html-timeline";
import { points } from "./points";

// The HTML report's criterion view: points per acceptance criterion, each loss linked to the
// root cause it is charged for, and in each root cause's section what it costs.

export const CRITERIA_STYLE = `table.criteria{border-collapse:collapse;background:#fff;max-width:100%} table.criteria td,table.criteria th{border-bottom:1px solid #e5e8ee;padding:4px 8px;text-align:left;vertical-align:top} table.criteria td{overflow-wrap:anywhere} .charge{font-weight:600;color:#b91c1c}`;

export function criteriaSection(grade: GradeResult): string {
  if (grade.criteria.length === 0) return "";
  const link = (id: string | null, properties: readonly string[]) => {
    const index = id === null ? -1 : grade.rootCauses.findIndex((c) => c.id === id);
    return index === -1 ? properties.map((p) => `<code>${escapeHtml(p)}</code>`).join(", ") : `<a href="#cause-${escapeHtml(id!)}">root cause ${index + 1}</a>`;
  };
  const rows = grade.criteria.map((c) => {
    const losses = c.losses.filter((l) => l.points > 0).map((l) => `−${points(Math.round(l.points * 100) / 100)} ${link(l.rootCause, l.properties)}${escapeHtml(creditText(l))}`);
    const causes = [...new Set(c.excused.map((id) => grade.rootCauses.findIndex((cause) => cause.properties.includes(id))).filter((i) => i >= 0))].sort((a, b) => a - b).map((i) => grade.rootCauses[i]!.id);
    const excused = c.excused.length === 0 ? "" : `<div class="muted">${c.excused.length} failed propert${c.excused.length === 1 ? "y" : "ies"} of this criterion charged to ${causes.map((id) => link(id, [])).join(", ")}${escapeHtml(shownText(c))}</div>`;
    return `<tr data-criterion="${escapeHtml(c.id)}"><td>${escapeHtml(c.title)}</td><td class="${c.points < c.maxPoints ? "failed" : "passed"}">${points(c.points)}/${points(c.maxPoints)}</td><td>${losses.join("; ")}${excused}</td></tr>`;
  });
  return `<h2>Points by acceptance criterion</h2><p class="muted">${escapeHtml(scoringLine(grade).replace(/:$/, "."))}</p><div class="scroll"><table class="criteria"><tr><th>criterion</th><th>points</th><th>lost to</th></tr>${rows.join("")}</table></div>`;
}

/** What a root cause costs, for its section. */
export function causeChargeHtml(cause: RootCause): string {
  const charge = causeCharge(cause);
  return charge === "" ? "" : `<p class="charge">This mistake costs ${escapeHtml(charge)}.</p>`;
}
