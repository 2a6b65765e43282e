// Units (contract §4) of a context the driver holds as data (toData of a live context), for
// the budgets of a program's compact steps. The driver measures on its own rather than
// asking the subject (whose estimate is under test) or importing the judge's model; it uses
// captured built-ins only, so a subject that patches String or Array methods cannot skew it.
import type { Json } from "../../scenario/data";
import type { CompactStep, ProgramMeasures } from "../../scenario/program";
import { StringCtor, apply, isArray, numberIsSafeInteger, objectKeys } from "../intrinsics";
import { ownDataValue } from "../read";

const charCodeAt = String.prototype.charCodeAt;

/** Code points: a well-formed surrogate pair is one, a lone surrogate is one. */
export function codePoints(s: string): number {
  let count = 0;
  for (let i = 0; i < s.length; i++) {
    const unit = apply(charCodeAt, s, [i]) as number;
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < s.length) {
      const next = apply(charCodeAt, s, [i + 1]) as number;
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

/** Thrown inside this module when the data is not a well-formed context; caught below. */
class Unmeasurable {}

function text(value: unknown): number {
  if (typeof value !== "string") throw new Unmeasurable();
  return codePoints(value);
}

function items(value: unknown): unknown[] {
  if (!isArray(value)) throw new Unmeasurable();
  return value;
}

function json(value: Json): number {
  if (value === null) return 1;
  if (value === true) return 5;
  if (value === false) return 6;
  if (typeof value === "number") return 1 + StringCtor(value).length;
  if (typeof value === "string") return 1 + codePoints(value);
  if (isArray(value)) {
    let sum = 2;
    for (let i = 0; i < value.length; i++) sum += 1 + json(value[i]);
    return sum;
  }
  if (typeof value !== "object" || ownDataValue(value, "$cc") !== undefined) throw new Unmeasurable();
  const keys = objectKeys(value);
  let sum = 2;
  for (let i = 0; i < keys.length; i++) sum += 1 + codePoints(keys[i]) + json(ownDataValue(value, keys[i]) as Json);
  return sum;
}

function messageUnits(m: unknown): number {
  const role = ownDataValue(m, "role");
  const id = text(ownDataValue(m, "id"));
  if (role === "user") return 4 + id + text(ownDataValue(m, "content"));
  if (role === "toolResult") {
    return 7 + id + text(ownDataValue(m, "toolCallId")) + text(ownDataValue(m, "toolName")) + text(ownDataValue(m, "content"));
  }
  if (role !== "assistant") throw new Unmeasurable();
  const blocks = items(ownDataValue(m, "content"));
  let sum = 4 + id;
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i];
    const type = ownDataValue(b, "type");
    if (type === "text") sum += 2 + text(ownDataValue(b, "text"));
    else if (type === "toolCall") {
      sum += 6 + text(ownDataValue(b, "id")) + text(ownDataValue(b, "name")) + json(ownDataValue(b, "arguments") as Json);
    } else throw new Unmeasurable();
  }
  return sum;
}

function sumOf(list: unknown, unitsOf: (item: unknown) => number): number {
  const all = items(list);
  let sum = 0;
  for (let i = 0; i < all.length; i++) sum += unitsOf(all[i]);
  return sum;
}

/**
 * The measures of programBudget for a context as data, or null when it is not shaped like
 * a context (a subject returned something else; the step is then reported as a crash).
 */
export function measureContext(context: Json, step: CompactStep): ProgramMeasures | null {
  try {
    const requirementUnits = sumOf(ownDataValue(context, "requirements"), (r) => 3 + text(ownDataValue(r, "id")) + text(ownDataValue(r, "content")));
    const summary = ownDataValue(context, "summary");
    const summaryUnits = summary === null ? 0 : 5 + text(ownDataValue(summary, "id")) + text(ownDataValue(summary, "content"));
    const messages = sumOf(ownDataValue(context, "messages"), messageUnits);
    const units = requirementUnits + summaryUnits + messages;
    if (!numberIsSafeInteger(units)) return null;
    return { units, requirementUnits, messageUnits: messages, summaryIdUnits: codePoints(step.summaryId) };
  } catch (error) {
    if (error instanceof Unmeasurable) return null;
    throw error;
  }
}
