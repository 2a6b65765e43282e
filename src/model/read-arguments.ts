import type { Json } from "../scenario/data";
import type { ReadBudget } from "./budget";
import { LIMIT } from "./limits";
import { isRecord, specialTag } from "./special";

export type ArgumentsProblem = "notJson" | "tooDeep";

/** The tag a cycle decoration leaves at its site (./hostile-effects CYCLE_VALUE). */
const CYCLE = "cycle";

/**
 * Tool-call arguments: a plain object of JSON values (finite numbers; -0 is a finite number),
 * no value deeper than 32 (the arguments object is depth 0). Returns the copy in the value
 * encoding (-0 as its tag) and the problems found.
 */
export function readArguments(
  value: Json | undefined,
  budget: ReadBudget,
): { copy: { [key: string]: Json } | null; problems: Set<ArgumentsProblem> } {
  const problems = new Set<ArgumentsProblem>();
  if (!isRecord(value)) {
    problems.add("notJson");
    // The block itself as its arguments (a cycle through the block) is too deep as well.
    if (specialTag(value) === CYCLE) problems.add("tooDeep");
    return { copy: null, problems };
  }
  const copy = readValue(value, 0, budget, problems) as { [key: string]: Json };
  return { copy: problems.size === 0 ? copy : null, problems };
}

function readValue(value: Json, depth: number, budget: ReadBudget, problems: Set<ArgumentsProblem>): Json {
  if (depth > LIMIT.depth) {
    problems.add("tooDeep");
    return null;
  }
  if (value === null || typeof value === "boolean") return value;
  if (typeof value === "string") {
    budget.countString(value);
    return value;
  }
  if (typeof value === "number") {
    if (!Number.isFinite(value)) problems.add("notJson");
    return Object.is(value, -0) ? { $cc: "-0" } : value;
  }
  if (Array.isArray(value)) {
    budget.countItems(value.length);
    return value.map((item) => readValue(item, depth + 1, budget, problems));
  }
  const tag = specialTag(value);
  if (tag === "-0") return { $cc: "-0" };
  // A cycle breaks "no cycles" and, read as a tree, also puts values deeper than 32: two
  // rules broken, either code (§8, first row; docs/contract-decisions.md 1).
  if (tag === CYCLE) problems.add("tooDeep");
  if (tag !== null) {
    problems.add("notJson");
    return null;
  }
  budget.countJsonObject(value);
  const copy: { [key: string]: Json } = {};
  for (const key of Object.keys(value)) {
    Object.defineProperty(copy, key, {
      value: readValue(value[key]!, depth + 1, budget, problems),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}
