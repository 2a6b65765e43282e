import { modelMessageUnits } from "../../model/index";
import type { Json, MessageData } from "../../scenario/data";
import type { Expected } from "../../scenario/expected";
import type { Outcome } from "../../scenario/observation";
import type { ProgramReuse, ProgramStep } from "../../scenario/program";
import type { Decoration, Operation, Scenario } from "../../scenario/scenario";
import { abortReasonWords, abortWords, decorationWords, jsonWords, scriptWords, signalWords, summarizerSlotWords } from "./glossary";

// A counterexample as a student reads it: one line per message (index, role, id, content or
// calls with ids and names, results with the call they answer, units), the call and its
// options on a line above, then what was observed and what was expected. Printed values are
// capped; the whole scenario stays in the replay file.

/** Longest string printed whole; longer ones are cut and say how long they were. */
export const MAX_STRING = 32;
/** Longest JSON value (arguments, options, returned values) printed whole. */
export const MAX_VALUE = 120;

/** Longest unit a long string may repeat to be printed as `"unit" × count`. */
const MAX_REPEATED_UNIT = 8;

/** A string literal, capped: `"x" × 65537` when it repeats a short unit, else `"abc…" (1,000,000 characters)` when long. */
export function quote(s: string, max = MAX_STRING): string {
  const points = [...s];
  if (points.length <= max) return JSON.stringify(s);
  const unit = repeatedUnit(points);
  if (unit !== null) return `${JSON.stringify(points.slice(0, unit).join(""))} × ${points.length / unit}`;
  return `${JSON.stringify(points.slice(0, max).join(""))}… (${points.length} characters)`;
}

/** The length of the shortest unit (at most MAX_REPEATED_UNIT code points) the string repeats whole, or null. */
function repeatedUnit(points: readonly string[]): number | null {
  for (let unit = 1; unit <= MAX_REPEATED_UNIT; unit++) {
    if (points.length % unit !== 0) continue;
    let whole = true;
    for (let i = unit; i < points.length && whole; i++) whole = points[i] === points[i % unit];
    if (whole) return unit;
  }
  return null;
}

/** Any data value, compact, capped; values no JSON has by their names (NaN, undefined, 12n, …). */
export function value(v: Json | undefined, max = MAX_VALUE): string {
  if (v === undefined) return "undefined";
  if (typeof v === "string") return quote(v);
  let text: string;
  try {
    text = jsonWords(
      JSON.parse(JSON.stringify(v, (_key, item: unknown) => (typeof item === "string" && item.length > MAX_STRING ? `${item.slice(0, MAX_STRING)}… (${item.length} chars)` : item)) ?? "null") as Json,
      Number.MAX_SAFE_INTEGER,
    );
  } catch {
    text = String(v);
  }
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

export function isRecord(v: unknown): v is Record<string, Json> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

function str(v: Json | undefined): string {
  return typeof v === "string" ? quote(v) : value(v, 40);
}

function id(v: Json | undefined): string {
  return typeof v === "string" && /^[\x21-\x7e]{1,24}$/.test(v) && !v.includes('"') ? v : str(v);
}

/** One message on one line (without its index). */
export function messageLine(m: Json): string {
  if (!isRecord(m)) return `(not a message) ${value(m)}`;
  const units = unitsOf(m);
  const tail = units === null ? "" : `  · ${units} units`;
  if (m.role === "user") return `user ${id(m.id)}: ${str(m.content)}${tail}`;
  if (m.role === "toolResult") return `toolResult ${id(m.id)} → ${id(m.toolCallId)} ${id(m.toolName)}: ${str(m.content)}${m.isError === true ? " (error)" : ""}${tail}`;
  if (m.role === "assistant" && Array.isArray(m.content)) {
    const blocks = m.content.map((b) => {
      if (!isRecord(b)) return value(b, 40);
      if (b.type === "text") return `text ${str(b.text)}`;
      if (b.type === "toolCall") return `call ${id(b.id)} ${id(b.name)}(${isRecord(b.arguments) && Object.keys(b.arguments).length === 0 ? "" : value(b.arguments, 60)})`;
      return value(b, 40);
    });
    return `assistant ${id(m.id)}: ${blocks.length === 0 ? "(no blocks)" : blocks.join("; ")}${tail}`;
  }
  return `(not a message) ${value(m)}`;
}

function unitsOf(m: Json): number | null {
  try {
    const units = modelMessageUnits(m as unknown as MessageData);
    return Number.isSafeInteger(units) ? units : null;
  } catch {
    return null;
  }
}

/** The channels of a context (requirements, summary, messages, records), one line each. */
export function contextLines(context: Json, indent = "  "): string[] {
  if (!isRecord(context)) return [`${indent}context: ${value(context)}`];
  const lines: string[] = [];
  const requirements = context.requirements;
  if (Array.isArray(requirements)) for (const r of requirements) lines.push(`${indent}requirement ${isRecord(r) ? `${id(r.id)}: ${str(r.content)}` : value(r)}`);
  else if (requirements !== undefined) lines.push(`${indent}requirements: ${value(requirements)}`);
  const summary = context.summary;
  if (isRecord(summary)) lines.push(`${indent}summary ${id(summary.id)}: ${str(summary.content)}`);
  else if (summary !== undefined && summary !== null) lines.push(`${indent}summary: ${value(summary)}`);
  const messages = context.messages;
  if (Array.isArray(messages)) messages.forEach((m, i) => lines.push(`${indent}#${i} ${messageLine(m)}`));
  else if (messages !== undefined) lines.push(`${indent}messages: ${value(messages)}`);
  const records = context.compactions;
  if (Array.isArray(records)) for (const r of records) lines.push(`${indent}record ${isRecord(r) ? `${id(r.id)}: summary ${id(r.summaryId)}, boundary ${value(r.boundary)}, compacted ${idsText(r.compactedMessageIds)}` : value(r)}`);
  return lines;
}

/** A record's compacted ids: all of a short list, else how many and the first few. */
function idsText(ids: Json | undefined): string {
  if (!Array.isArray(ids) || ids.length <= 8) return value(ids, 60);
  return `${ids.length} ids ${value(ids.slice(0, 3), 40).replace(/\]$/, ",…]")}`;
}

function optionsText(options: Json): string {
  if (!isRecord(options)) return value(options);
  return Object.entries(options).map(([k, v]) => `${k} ${value(v, 40)}`).join(", ");
}

/** The summarizer, the signal and the abort of a compaction, in words (./glossary). */
function summarizerText(op: Extract<Operation, { kind: "compact" }>): string {
  const script = op.summarizer as Record<string, Json>;
  const what = op.summarizerSlot === "script" ? `summarizer ${scriptWords(script)}` : summarizerSlotWords(op.summarizerSlot as Json);
  const signal = op.signal === "none" ? "" : `; ${signalWords(op.signal as Json)}`;
  const abort = op.abort === "none" || op.signal === "none" ? "" : `; ${abortWords(op.abort)}`;
  const reason = abort === "" ? "" : abortReasonWords(op.abortReason);
  return `${what}${signal}${abort}${reason === "" ? "" : `; ${reason}`}`;
}

/** Runs of at least this many consecutive lines alike but for their numbers are collapsed. */
export const COLLAPSE_RUN = 8;

/**
 * Lines alike but for their numbers (`requirement r7: "c"`, `#12 user u12: ""`), COLLAPSE_RUN
 * or more in a row, as the first, a count, and the last: a limit's counterexample says "129
 * requirements" in three lines; the replay file holds every one.
 */
export function collapseAlike(lines: readonly string[]): string[] {
  const shape = (line: string) => line.replace(/\d+/g, "#");
  const out: string[] = [];
  for (let i = 0; i < lines.length; ) {
    let j = i + 1;
    while (j < lines.length && shape(lines[j]!) === shape(lines[i]!)) j++;
    const run = j - i;
    if (run >= COLLAPSE_RUN) out.push(lines[i]!, `${/^\s*/.exec(lines[i]!)![0]}… ${run - 2} more alike …`, lines[j - 1]!);
    else out.push(...lines.slice(i, j));
    i = j;
  }
  return out;
}

function stepLines(step: ProgramStep, index: number): string[] {
  switch (step.kind) {
    case "user":
    case "open":
    case "close":
      return [`  step ${index} ${step.kind}: ${messageLine(step.message as unknown as Json)}`];
    case "round":
      return [`  step ${index} round:`, ...step.messages.map((m) => `    ${messageLine(m as unknown as Json)}`)];
    case "compact": {
      const s = step.summarizer as Record<string, Json>;
      const abort = step.abort === "none" ? "" : `, ${abortWords(step.abort)}`;
      return [`  step ${index} compact: summarizer ${scriptWords(s)}${abort}, keep ${step.budget.keepPercent}% of the messages' units, retain ${step.budget.retainRecentMessages}, ${step.budget.trigger === "fits" ? "context fits maxUnits" : "context just over maxUnits"}`];
    }
  }
}

export function decorationLine(d: Decoration): string {
  return `  hostile: ${decorationWords(d as never)}`;
}

/** The scenario in the compact notation, one line per message. */
export function renderScenario(scenario: Scenario): string[] {
  const op = scenario.operation;
  const lines: string[] = [];
  switch (op.kind) {
    case "build":
      lines.push(`buildActiveContext(input)${op.twice === true ? ", then again with its result" : ""}:`, ...contextLines(op.input));
      break;
    case "units":
      lines.push(`estimateContextUnits(${op.prebuilt ? "buildActiveContext(input)" : "input"}):`, ...contextLines(op.input));
      break;
    case "groups":
      lines.push("groupToolRounds(transcript):", ...(Array.isArray(op.transcript) ? op.transcript.map((m, i) => `  #${i} ${messageLine(m)}`) : [`  ${value(op.transcript)}`]));
      break;
    case "boundary":
      lines.push(`selectCompactionBoundary(context, { ${optionsText(op.options)} }):`, ...contextLines(op.context));
      break;
    case "compact":
      lines.push(`compactContext(context, { ${optionsText(op.options)} }); ${summarizerText(op)}${op.rebuildResult === true ? "; then buildActiveContext(result.context)" : ""}:`, ...contextLines(op.context));
      break;
    case "program":
      lines.push(`a program of ${op.steps.length} steps${reuseText(op.reuse)} on buildActiveContext({ requirements${Array.isArray(op.requirements) && op.requirements.length > 0 ? ` ${value(op.requirements, 60)}` : ": []"} }):`);
      op.steps.forEach((step, i) => lines.push(...stepLines(step, i)));
      break;
  }
  for (const d of scenario.decorations ?? []) lines.push(decorationLine(d));
  return collapseAlike(lines);
}

/** What a program's compact steps share (ProgramReuse), in words. */
function reuseText(reuse: ProgramReuse | undefined): string {
  const shared = [...(reuse?.options === true ? ["one options object"] : []), ...(reuse?.signal === true ? ["one signal"] : [])];
  return shared.length === 0 ? "" : ` (${shared.join(" and ")} reused by every compaction)`;
}

/**
 * A returned value in words where its shape is known: groups as index ranges, a compaction
 * result by its status, boundary and kept messages; anything else as capped data.
 */
export function valueText(v: Json): string {
  if (Array.isArray(v) && v.length > 0 && v.every((g) => isRecord(g) && typeof g.startIndex === "number" && typeof g.endIndex === "number")) {
    return `groups ${v.map((g) => rangeText(g as { startIndex: number; endIndex: number })).join(" ")}`;
  }
  if (isRecord(v) && typeof v.status === "string") {
    const record = isRecord(v.record) ? v.record : null;
    const context = isRecord(v.context) ? v.context : null;
    const kept = context !== null && Array.isArray(context.messages) ? context.messages.map((m) => (isRecord(m) ? id(m.id) : "?")).join(", ") : null;
    const parts = [`status ${v.status}`];
    if (record !== null) parts.push(`boundary ${value(record.boundary, 20)}`, `units ${value(record.unitsBefore, 20)} → ${value(record.unitsAfter, 20)}`);
    if (kept !== null) parts.push(`kept [${kept.length > 80 ? `${kept.slice(0, 80)}…` : kept}]`);
    return `{ ${parts.join(", ")} }`;
  }
  return value(v);
}

function rangeText(g: { readonly startIndex: number; readonly endIndex: number }): string {
  return g.endIndex - g.startIndex === 1 ? `[${g.startIndex}]` : `[${g.startIndex}–${g.endIndex - 1}]`;
}

export function outcomeText(outcome: Outcome): string {
  switch (outcome.kind) {
    case "returned":
      return `returned ${valueText(outcome.value)}`;
    case "threw":
      return outcome.error.isContextCompactionError ? `threw ${String(outcome.error.code)}` : `threw a ${outcome.error.typeOf} (name ${value(outcome.error.name, 40)}, code ${value(outcome.error.code, 40)})`;
    case "timeout":
      return `did not settle within ${outcome.afterMs} ms`;
    case "crash":
      return `crashed: ${outcome.reason}`;
  }
}

export function expectedText(expected: Expected): string {
  const first = expected.kind === "returns" ? `returns ${valueText(expected.value)}` : `throws ${expected.codes.join(" or ")}`;
  const alternatives = expected.also?.length ?? 0;
  return `${first}${expected.summarizerCalls > 0 ? ` after ${expected.summarizerCalls} summarizer call(s)` : ""}${alternatives > 0 ? ` (or ${alternatives} other outcome(s) contract §8 allows)` : ""}`;
}

/** Characters of the scenario as printed in the notation. */
export function printedSize(scenario: Scenario | undefined): number {
  return scenario === undefined ? 0 : renderScenario(scenario).join("\n").length;
}
