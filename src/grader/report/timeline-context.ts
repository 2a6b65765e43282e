import { modelRequirementsUnits, modelSummaryUnits } from "../../model/index";
import type { Json, RequirementData, SummaryData } from "../../scenario/data";
import type { Scenario } from "../../scenario/scenario";
import { isRecord, quote, value } from "./notation";

// What the HTML timeline draws before the messages: the context's requirements and its summary
// (contract §3), each with its units as the contract counts them (§4), so a miscount of a
// requirement or of the summary shows where it is.

/** Requirements drawn one box each; the others share one box. */
export const MAX_REQUIREMENT_BOXES = 3;

export interface ContextItem {
  readonly kind: "requirement" | "summary";
  /** Its id, or "" for the box of the requirements not drawn one by one. */
  readonly id: string;
  readonly head: string;
  readonly lines: readonly string[];
  /** Units per the contract, "?" when they cannot be counted. */
  readonly units: string;
  /** The hover text: the units and their formula. */
  readonly title: string;
}

/** The object holding a scenario's requirements, summary and messages (the context, the input, the transcript). */
export function contextHolder(scenario: Scenario): Json | undefined {
  const op = scenario.operation;
  if (op.kind === "groups") return { messages: op.transcript };
  if (op.kind === "build" || op.kind === "units") return op.input;
  return op.kind === "program" ? undefined : op.context;
}

/** Units per the model, guarded: a value the model cannot count shows "?". */
export function counted(count: () => number): string {
  try {
    const units = count();
    return Number.isSafeInteger(units) ? String(units) : "?";
  } catch {
    return "?";
  }
}

const text = (v: Json | undefined) => (typeof v === "string" ? quote(v, 14) : value(v, 14));
const idOf = (v: Json | undefined) => (typeof v === "string" ? v : value(v, 14));

function requirementItem(r: Json): ContextItem {
  const fields = isRecord(r) ? r : {};
  const id = idOf(fields.id);
  const units = counted(() => modelRequirementsUnits([r as unknown as RequirementData]));
  return { kind: "requirement", id, head: `requirement ${id}`, lines: [isRecord(r) ? text(fields.content) : value(r, 14)], units, title: `requirement ${id}: ${units} units = 3 + u(id) + u(content)` };
}

/** The requirements and the summary of the scenario's context, in the order the contract lists them; [] when it has none. */
export function contextItems(scenario: Scenario): ContextItem[] {
  const holder = contextHolder(scenario);
  if (!isRecord(holder)) return [];
  const items: ContextItem[] = [];
  const requirements = Array.isArray(holder.requirements) ? holder.requirements : [];
  items.push(...requirements.slice(0, MAX_REQUIREMENT_BOXES).map(requirementItem));
  const rest = requirements.slice(MAX_REQUIREMENT_BOXES);
  if (rest.length > 0) {
    const units = counted(() => modelRequirementsUnits(rest as unknown as RequirementData[]));
    items.push({ kind: "requirement", id: "", head: `${rest.length} more requirements`, lines: [], units, title: `${rest.length} more requirements: ${units} units in all` });
  }
  const summary = holder.summary;
  if (isRecord(summary)) {
    const id = idOf(summary.id);
    const units = counted(() => modelSummaryUnits(summary as unknown as SummaryData));
    items.push({ kind: "summary", id, head: `summary ${id}`, lines: [text(summary.content)], units, title: `summary ${id}: ${units} units = 5 + u(id) + u(content)` });
  }
  return items;
}
