import type { GradeResult, PropertyResult, RootCause } from "../result";
import { causeCharge } from "./criteria-text";
import { expectedText, outcomeText, renderScenario } from "./notation";
import { outcomeDiffLines, type Outcomes } from "./outcome-diff";

// Shared text pieces of the human-facing reports (terminal, JUnit, Gradescope, HTML).

const SYMBOL = { passed: "✓", failed: "✗", error: "!" } as const;

/** Lines of a counterexample printed in a report; the replay file has the whole scenario. */
export const MAX_COUNTEREXAMPLE_LINES = 10;

export function statusSymbol(result: PropertyResult): string {
  return SYMBOL[result.status];
}

export { points } from "./points";

/** The counterexample in the compact notation, at most `maxLines` lines. */
export function counterexampleLines(scenario: RootCause["counterexample"], maxLines = MAX_COUNTEREXAMPLE_LINES): string[] {
  if (scenario === undefined) return [];
  const lines = renderScenario(scenario);
  if (lines.length <= maxLines) return lines;
  return [...lines.slice(0, maxLines - 1), `  … ${lines.length - maxLines + 1} more lines (the replay file has the whole scenario)`];
}

/** Observed and expected, on one line each, then where they differ (./outcome-diff). */
export function outcomeLines(item: Outcomes): string[] {
  const lines: string[] = [];
  if (item.observation !== undefined) lines.push(`observed: ${outcomeText(item.observation.outcome)}`);
  if (item.expected !== undefined) lines.push(`expected: ${expectedText(item.expected)}`);
  return [...lines, ...outcomeDiffLines(item)];
}

/** How a report says to replay a counterexample: by default the grade's own replay line. */
export type ReplayText<T> = (item: T) => string[];
const replayLine = (item: { readonly replay?: string }) => (item.replay === undefined ? [] : [`replay: ${item.replay}`]);

/** How many failed properties a root cause explains, in words (a mistake found by asking explains none of its own). */
export function failedText(cause: Pick<RootCause, "properties" | "foundByAsking">): string {
  const count = cause.properties.length;
  if (count === 0 && cause.foundByAsking === true) return "found by asking, no failed property of its own";
  return `${count} failed propert${count === 1 ? "y" : "ies"}`;
}

/** A root cause in a few lines: title, where the subject's answers differ, its smallest counterexample, replay. */
export function rootCauseLines(cause: RootCause, index: number, replay: ReplayText<RootCause> = replayLine): string[] {
  const count = cause.properties.length;
  const charge = causeCharge(cause);
  const lines = [`${index + 1}. ${cause.title} — ${failedText(cause)}${cause.id === cause.properties[0] && count === 1 ? "" : ` [${cause.id}]`}${charge === "" ? "" : ` · ${charge}`}`];
  for (const d of (cause.differences ?? []).slice(0, 2)) lines.push(`   your ${d.question} = ${d.subject}; the contract's = ${d.contract}`);
  if (cause.counterexample !== undefined) {
    lines.push(`   smallest counterexample (${cause.counterexampleOf}):`);
    for (const line of counterexampleLines(cause.counterexample)) lines.push(`     ${line}`);
  }
  for (const line of outcomeLines(cause)) lines.push(`   ${line}`);
  for (const line of replay(cause)) lines.push(`   ${line}`);
  return lines;
}

export function rootCauseOf(grade: Pick<GradeResult, "rootCauses">, result: PropertyResult): { readonly cause: RootCause; readonly index: number } | null {
  const index = grade.rootCauses.findIndex((c) => c.id === result.rootCause);
  return index === -1 ? null : { cause: grade.rootCauses[index]!, index };
}

/** The failure explained in a few lines: root cause, message, counterexample, observed vs expected, replay. */
export function failureDetails(result: PropertyResult, grade?: Pick<GradeResult, "rootCauses">, replay: ReplayText<PropertyResult> = replayLine): string {
  const lines: string[] = [];
  const root = grade === undefined ? null : rootCauseOf(grade, result);
  if (root !== null && root.cause.properties.length > 1) lines.push(`root cause ${root.index + 1} of ${grade!.rootCauses.length}: ${root.cause.title} [${root.cause.id}]`);
  if (result.message !== undefined) lines.push(truncate(result.message, 600));
  if (result.counterexample !== undefined) lines.push("counterexample:", ...counterexampleLines(result.counterexample));
  lines.push(...outcomeLines(result));
  lines.push(...replay(result));
  return lines.join("\n");
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters)`;
}
