import { modelGroups, modelMessageUnits, type ModelGroup } from "../../model/index";
import type { MessageData } from "../../scenario/data";
import type { Expected } from "../../scenario/expected";
import type { Observation } from "../../scenario/observation";
import type { Scenario } from "../../scenario/scenario";
import { expectedCut, observedCut } from "./cuts";
import { isRecord, quote } from "./notation";

// A counterexample drawn as a timeline (SVG, no script): messages as boxes with their units,
// an arc from each tool call to its result, the contract's groups bracketed under the boxes
// (the subject's too when it returned groups), the expected and the observed cut as vertical
// lines, and the messages the contract keeps after its cut shaded.

const BOX_W = 132;
const BOX_H = 64;
const GAP = 22;
const LEFT = 16;
const ARC_SPACE = 56;

/**
 * Text safe in HTML content and double-quoted attributes. A carriage return is written as a
 * character reference: the parser turns a raw one (and CR LF) into LF, so an id holding one
 * would no longer match itself across attributes (data-answers against data-calls).
 */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/\r/g, "&#13;");
}

/** The messages of a scenario's context or transcript, when they are readable messages. */
export function messagesOf(scenario: Scenario): MessageData[] | null {
  const op = scenario.operation;
  const holder = op.kind === "groups" ? { messages: op.transcript } : op.kind === "build" || op.kind === "units" ? op.input : op.kind === "program" ? null : op.context;
  const messages = isRecord(holder) ? holder.messages : undefined;
  if (!Array.isArray(messages) || !messages.every((m) => isRecord(m) && typeof m.role === "string" && typeof m.id === "string")) return null;
  return messages as unknown as MessageData[];
}

function safeGroups(messages: readonly MessageData[]): ModelGroup[] {
  try {
    return modelGroups(messages);
  } catch {
    return [];
  }
}

function unitsOf(m: MessageData): string {
  try {
    return String(modelMessageUnits(m));
  } catch {
    return "?";
  }
}

function formula(m: MessageData): string {
  switch (m.role) {
    case "user":
      return "user message: 4 + u(id) + u(content)";
    case "toolResult":
      return "tool result: 7 + u(id) + u(toolCallId) + u(toolName) + u(content)";
    case "assistant":
      return "assistant message: 4 + u(id) + each block (text: 2 + u(text); tool call: 6 + u(id) + u(name) + J(arguments))";
  }
}

function boxLines(m: MessageData): string[] {
  if (m.role === "user") return [quote(m.content, 14)];
  if (m.role === "toolResult") return [`↩ ${m.toolCallId}`, quote(m.content, 14)];
  return (Array.isArray(m.content) ? m.content : []).slice(0, 2).map((b) => (b.type === "toolCall" ? `call ${b.id} ${b.name}` : quote(b.text, 12)));
}

/** data-calls (the call ids of an assistant) or data-answers (the call a result answers), for readers and tests. */
function linkAttributes(m: MessageData): string {
  if (m.role === "toolResult") return ` data-answers="${escapeHtml(m.toolCallId)}"`;
  if (m.role !== "assistant" || !Array.isArray(m.content)) return "";
  const calls = m.content.filter((b) => b.type === "toolCall").map((b) => (b as { id: string }).id);
  return calls.length === 0 ? "" : ` data-calls="${escapeHtml(JSON.stringify(calls))}"`;
}

const x = (i: number) => LEFT + i * (BOX_W + GAP);
/** The x of a cut before message `i` (between boxes i-1 and i). */
const cutX = (i: number) => x(i) - GAP / 2;

function clip(text: string, max = 18): string {
  const points = [...text];
  return points.length <= max ? text : `${points.slice(0, max - 1).join("")}…`;
}

export interface TimelineInput {
  readonly scenario: Scenario;
  readonly observation?: Observation;
  readonly expected?: Expected;
}

/** The SVG of a counterexample, or null when it has no messages to draw. */
export function timelineSvg({ scenario, observation, expected }: TimelineInput): string | null {
  const messages = messagesOf(scenario);
  if (messages === null || messages.length === 0) return null;
  const n = messages.length;
  // Room on the right for the labels of a cut after the last message.
  const width = x(n) + LEFT + 110;
  const top = ARC_SPACE;
  const parts: string[] = [];
  const expectedAt = expectedCut(scenario, expected);
  const observedAt = observedCut(scenario, observation);

  // Retained suffix (the contract's cut): shaded behind the boxes.
  if (typeof expectedAt === "number" && expectedAt < n) {
    parts.push(`<rect class="retained" x="${cutX(expectedAt)}" y="${top - 8}" width="${x(n) - cutX(expectedAt) - GAP / 2}" height="${BOX_H + 16}"><title>Kept after the contract's cut: messages #${expectedAt}–#${n - 1}</title></rect>`);
  }
  messages.forEach((m, i) => {
    const lines = boxLines(m).map((line, k) => `<text x="${x(i) + 8}" y="${top + 34 + k * 13}" class="box-text">${escapeHtml(clip(line))}</text>`);
    const units = unitsOf(m);
    parts.push(
      `<g class="message role-${m.role}" data-index="${i}" data-id="${escapeHtml(m.id)}"${linkAttributes(m)}><title>${escapeHtml(`#${i} ${m.role} ${m.id}: ${units} units = ${formula(m)}`)}</title>` +
        `<rect class="box" x="${x(i)}" y="${top}" width="${BOX_W}" height="${BOX_H}" rx="6"/>` +
        `<text x="${x(i) + 8}" y="${top + 16}" class="box-head">${escapeHtml(clip(`#${i} ${m.role} ${m.id}`, 19))}</text>` +
        lines.join("") +
        `<text x="${x(i) + BOX_W - 6}" y="${top + BOX_H - 6}" class="units" text-anchor="end">${units} u</text></g>`,
    );
  });
  // Arcs: each call to its result.
  messages.forEach((m, i) => {
    if (m.role !== "assistant" || !Array.isArray(m.content)) return;
    for (const block of m.content) {
      if (block.type !== "toolCall") continue;
      const j = messages.findIndex((r, k) => k > i && r.role === "toolResult" && r.toolCallId === block.id);
      if (j === -1) continue;
      const x1 = x(i) + BOX_W * 0.6;
      const x2 = x(j) + BOX_W * 0.4;
      const height = Math.min(ARC_SPACE - 10, 18 + 8 * (j - i));
      parts.push(
        `<path class="arc" data-call="${escapeHtml(block.id)}" data-from="${i}" data-to="${j}" d="M ${x1} ${top} C ${x1} ${top - height}, ${x2} ${top - height}, ${x2} ${top}"><title>${escapeHtml(`call ${block.id} (${block.name}) in #${i} is answered by #${j}`)}</title></path>`,
        `<text class="arc-label" x="${(x1 + x2) / 2}" y="${top - height + 2}" text-anchor="middle">${escapeHtml(clip(block.id, 12))}</text>`,
      );
    }
  });
  // Groups: the contract's, and the subject's when the call returned groups.
  const rows: { label: string; cls: string; groups: readonly ModelGroup[] }[] = [{ label: "groups (contract §5)", cls: "group", groups: safeGroups(messages) }];
  const returned = observation?.outcome.kind === "returned" ? observation.outcome.value : undefined;
  if (scenario.operation.kind === "groups" && Array.isArray(returned)) {
    const own = returned.filter(isRecord).map((g) => ({ kind: g.kind === "toolRound" ? "toolRound" : "message", startIndex: Number(g.startIndex), endIndex: Number(g.endIndex) }) as ModelGroup);
    rows.push({ label: "your groups", cls: "group group-observed", groups: own });
  }
  rows.forEach((row, r) => {
    const y = top + BOX_H + 16 + r * 26;
    for (const g of row.groups) {
      if (!(g.endIndex > g.startIndex)) continue;
      const x1 = x(g.startIndex) + 2;
      const x2 = x(g.endIndex - 1) + BOX_W - 2;
      parts.push(`<path class="${row.cls}" data-start="${g.startIndex}" data-end="${g.endIndex}" d="M ${x1} ${y - 6} L ${x1} ${y} L ${x2} ${y} L ${x2} ${y - 6}"><title>${escapeHtml(`${row.label}: ${g.kind} #${g.startIndex}–#${g.endIndex - 1}`)}</title></path>`);
    }
    parts.push(`<text class="row-label" x="${LEFT}" y="${y + 14}">${escapeHtml(row.label)}</text>`);
  });
  const bottom = top + BOX_H + 16 + rows.length * 26 + 8;
  // Cuts.
  const cut = (at: number | null | undefined, cls: string, label: string, dy: number) => {
    if (at === undefined) return;
    if (at === null) {
      parts.push(`<text class="${cls} cut-none" x="${width - LEFT}" y="${bottom + dy}" text-anchor="end">${escapeHtml(`${label}: no cut (null)`)}</text>`);
      return;
    }
    const cx = cutX(Math.max(0, Math.min(n, at)));
    parts.push(`<g class="cut ${cls}" data-cut="${at}"><line x1="${cx}" y1="${6}" x2="${cx}" y2="${bottom - 6}"/><text x="${cx + 4}" y="${dy < 20 ? 14 : 28}">${escapeHtml(`${label} ${at}`)}</text><title>${escapeHtml(`${label}: before message #${at}; messages #0–#${at - 1} go into the summary`)}</title></g>`);
  };
  cut(expectedAt, "cut-expected", "contract's cut", 14);
  cut(observedAt, "cut-observed", "your cut", 30);
  const height = bottom + 36;
  return `<svg class="timeline" xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="timeline of the counterexample">${parts.join("")}</svg>`;
}
