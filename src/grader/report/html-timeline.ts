import { modelGroups, modelMessageUnits, type ModelGroup } from "../../model/index";
import type { MessageData } from "../../scenario/data";
import type { Expected } from "../../scenario/expected";
import type { Observation } from "../../scenario/observation";
import type { Scenario } from "../../scenario/scenario";
import { isRecord, quote } from "./notation";
import { contextHolder, contextItems, counted, type ContextItem } from "./timeline-context";
import { cutsCaption, cutsOf, noCutWords, type CutAnswer } from "./timeline-cuts";

// A counterexample drawn as a timeline (SVG, no script): the context's requirements and summary
// (./timeline-context) and its messages as boxes with their units, an arc from each tool call
// to its result, the contract's groups bracketed under the boxes (the subject's too when it
// returned groups), the cuts (./timeline-cuts: the contract's and the subject's as two lines
// where they differ, one where they agree, a note where an answer has none), and the messages
// the contract keeps after its cut shaded. The caption says what was drawn.

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
  const holder = contextHolder(scenario);
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
  return counted(() => modelMessageUnits(m));
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

const x = (slot: number) => LEFT + slot * (BOX_W + GAP);

function clip(text: string, max = 18): string {
  const points = [...text];
  return points.length <= max ? text : `${points.slice(0, max - 1).join("")}…`;
}

/**
 * A text of a box: past 14 code points it is drawn at most the box's inner width wide (wide
 * glyphs, a bold head of W's or a line of emoji would overflow into the next box).
 */
function boxText(slot: number, y: number, cls: string, text: string): string {
  const fit = [...text].length > 14 ? ` textLength="${BOX_W - 16}" lengthAdjust="spacingAndGlyphs"` : "";
  return `<text x="${x(slot) + 8}" y="${y}" class="${cls}"${fit}>${escapeHtml(text)}</text>`;
}

/** One box: a group with its hover text, the frame, a bold head, up to two lines and its units at the bottom right. */
function box(slot: number, top: number, b: { readonly cls: string; readonly attributes: string; readonly title: string; readonly head: string; readonly lines: readonly string[]; readonly units: string }): string {
  const lines = b.lines.map((line, k) => boxText(slot, top + 34 + k * 13, "box-text", clip(line)));
  return (
    `<g class="${b.cls}"${b.attributes}><title>${escapeHtml(b.title)}</title>` +
    `<rect class="box" x="${x(slot)}" y="${top}" width="${BOX_W}" height="${BOX_H}" rx="6"/>` +
    boxText(slot, top + 16, "box-head", clip(b.head, 19)) +
    lines.join("") +
    `<text x="${x(slot) + BOX_W - 6}" y="${top + BOX_H - 6}" class="units" text-anchor="end">${escapeHtml(b.units)} u</text></g>`
  );
}

export interface TimelineInput {
  readonly scenario: Scenario;
  readonly observation?: Observation;
  readonly expected?: Expected;
}

export interface Timeline {
  readonly svg: string;
  /** What the drawing shows, in the words of its parts that are there (html.ts prints it above the drawing). */
  readonly caption: string;
}

/** Width of a note's text at 11 px, generously. */
const noteWidth = (text: string) => [...text].length * 6.5;

/** The drawing of a counterexample and its caption, or null when it has no messages to draw. */
export function drawTimeline({ scenario, observation, expected }: TimelineInput): Timeline | null {
  const messages = messagesOf(scenario);
  if (messages === null || messages.length === 0) return null;
  const items: readonly ContextItem[] = contextItems(scenario);
  const n = messages.length;
  /** The slot of message i: after the requirements and the summary. */
  const p = items.length;
  /** The x of a cut before message `i` (between boxes i-1 and i). */
  const cutX = (i: number) => x(p + i) - GAP / 2;
  const top = ARC_SPACE;
  const parts: string[] = [];
  const cuts = cutsOf(scenario, observation, expected);
  const contractAt = cuts.contract !== null && "at" in cuts.contract ? cuts.contract.at : null;

  // Retained suffix (the contract's cut): shaded behind the boxes.
  const shaded = contractAt !== null && contractAt < n;
  if (shaded) {
    parts.push(`<rect class="retained" x="${cutX(contractAt)}" y="${top - 8}" width="${x(p + n) - cutX(contractAt) - GAP / 2}" height="${BOX_H + 16}"><title>Kept after the contract's cut: messages #${contractAt}–#${n - 1}</title></rect>`);
  }
  items.forEach((item, slot) => {
    parts.push(box(slot, top, { cls: `context-item ${item.kind}`, attributes: ` data-kind="${item.kind}" data-id="${escapeHtml(item.id)}"`, title: item.title, head: item.head, lines: item.lines, units: item.units }));
  });
  messages.forEach((m, i) => {
    const units = unitsOf(m);
    parts.push(box(p + i, top, { cls: `message role-${m.role}`, attributes: ` data-index="${i}" data-id="${escapeHtml(m.id)}"${linkAttributes(m)}`, title: `#${i} ${m.role} ${m.id}: ${units} units = ${formula(m)}`, head: `#${i} ${m.role} ${m.id}`, lines: boxLines(m), units }));
  });
  // Arcs: each call to its result.
  let arcs = 0;
  messages.forEach((m, i) => {
    if (m.role !== "assistant" || !Array.isArray(m.content)) return;
    for (const block of m.content) {
      if (block.type !== "toolCall") continue;
      const j = messages.findIndex((r, k) => k > i && r.role === "toolResult" && r.toolCallId === block.id);
      if (j === -1) continue;
      arcs++;
      const x1 = x(p + i) + BOX_W * 0.6;
      const x2 = x(p + j) + BOX_W * 0.4;
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
      const x1 = x(p + g.startIndex) + 2;
      const x2 = x(p + g.endIndex - 1) + BOX_W - 2;
      parts.push(`<path class="${row.cls}" data-start="${g.startIndex}" data-end="${g.endIndex}" d="M ${x1} ${y - 6} L ${x1} ${y} L ${x2} ${y} L ${x2} ${y - 6}"><title>${escapeHtml(`${row.label}: ${g.kind} #${g.startIndex}–#${g.endIndex - 1}`)}</title></path>`);
    }
    parts.push(`<text class="row-label" x="${x(p)}" y="${y + 14}">${escapeHtml(row.label)}</text>`);
  });
  const bottom = top + BOX_H + 16 + rows.length * 26 + 8;
  // Cuts: a line each where they differ, one where they agree; a note for an answer with no cut.
  const notes: { cls: string; text: string }[] = [];
  const cut = (answer: CutAnswer | null, cls: string, label: string, side: "yours" | "contract" | "both", labelY: number) => {
    if (answer === null) return;
    if ("none" in answer) {
      notes.push({ cls, text: noCutWords(side, answer.none) });
      return;
    }
    const at = answer.at;
    const cx = cutX(Math.max(0, Math.min(n, at)));
    const said = side === "both" ? `the cut, yours and the contract's: before message #${at}` : `${label}: before message #${at}`;
    parts.push(`<g class="cut ${cls}" data-cut="${at}"><line x1="${cx}" y1="${6}" x2="${cx}" y2="${bottom - 6}"/><text x="${cx + 4}" y="${labelY}">${escapeHtml(`${label} ${at}${side === "both" ? ", yours = the contract's" : ""}`)}</text><title>${escapeHtml(`${said}; ${at <= 0 ? "no message goes" : at === 1 ? "message #0 goes" : `messages #0–#${at - 1} go`} into the summary`)}</title></g>`);
  };
  if (cuts.agree) cut(cuts.contract, "cut-expected cut-agreed", "cut", "both", 14);
  else {
    cut(cuts.contract, "cut-expected", "contract's cut", "contract", 14);
    cut(cuts.yours, "cut-observed", "your cut", "yours", 28);
  }
  notes.forEach((note, k) => parts.push(`<text class="${note.cls} cut-none" x="${LEFT}" y="${bottom + 14 + k * 16}">${escapeHtml(note.text)}</text>`));
  const width = Math.max(x(p + n) + LEFT + 110, 2 * LEFT + Math.max(0, ...notes.map((note) => noteWidth(note.text))));
  const height = bottom + 8 + notes.length * 16;
  const svg = `<svg class="timeline" xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="timeline of the counterexample">${parts.join("")}</svg>`;
  return { svg, caption: caption(items, arcs > 0, rows.length > 1, cutsCaption(cuts), shaded) };
}

/** The caption: only the parts the drawing has. */
function caption(items: readonly ContextItem[], arcs: boolean, yourGroups: boolean, cuts: string, shaded: boolean): string {
  const requirements = items.some((i) => i.kind === "requirement");
  const summary = items.some((i) => i.kind === "summary");
  const context = requirements && summary ? "the context's requirements and its summary" : requirements ? "the context's requirements" : summary ? "the context's summary" : "";
  const parts = [
    context === "" ? "boxes are messages with their units" : `the grey boxes are ${context}, the others messages, each with its units`,
    ...(arcs ? ["arcs join each tool call to its result"] : []),
    yourGroups ? "brackets are groups (the contract's solid, yours red dashed)" : "brackets are groups",
    cuts,
    ...(shaded ? ["the shaded messages are the ones the contract keeps"] : []),
  ];
  return `${parts.join("; ")}.`;
}
