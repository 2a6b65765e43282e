import type { Json } from "../../scenario/data";
import { quote, value } from "./notation";

// Where two returned values differ, field by field: the reports print the first few paths
// under observed and expected (`differs at request.messages.length: yours 0, contract's 1`),
// so a difference deep inside a long value is not hidden by its abbreviation. Values come from
// a submission: any shape, any size, cycles; the walk is bounded and never throws.

/** Differences printed at most. */
export const MAX_DIFFERENCES = 3;
/** Deeper than this, two containers are one leaf (printed whole, abbreviated). */
const MAX_DEPTH = 24;
/** Nodes compared at most over one diff: beyond it the walk stops with what it found. */
const MAX_NODES = 2_000_000;
/** Longest printed leaf. */
const MAX_LEAF = 60;
/** Characters shown before the first differing one of two long strings. */
const STRING_CONTEXT = 6;
/** Characters shown of each of two long strings that abbreviate alike. */
const STRING_SHOWN = 20;

export interface FieldDifference {
  /** e.g. `request.messages[2].content`, or the root's name when the values differ as a whole. */
  readonly path: string;
  readonly yours: string;
  readonly contract: string;
}

export interface FieldDiff {
  readonly differences: readonly FieldDifference[];
  /** More differences than those listed exist (or the walk stopped before knowing). */
  readonly more: boolean;
}

type Node = Json | undefined;

const own = (v: object, key: string): Node => (Object.prototype.hasOwnProperty.call(v, key) ? ((v as Record<string, Json>)[key] as Node) : undefined);
/** A value no JSON has, as the driver tags it ({ $cc: "NaN" }): a leaf. */
const isSpecial = (v: object): boolean => !Array.isArray(v) && typeof (v as Record<string, unknown>).$cc === "string";
/** An object or an array, not a value no JSON has: a value whose fields can differ. */
export const isContainer = (v: Node): v is Json[] | { [key: string]: Json } => typeof v === "object" && v !== null && !isSpecial(v);
/** The contract compares -0 and 0 as one number (the driver's equalAsContractData). */
const plain = (v: Node): Node => (typeof v === "object" && v !== null && !Array.isArray(v) && (v as Record<string, unknown>).$cc === "-0" ? 0 : v);

/** A key as a path step: `.name` when it reads as one, else `["…"]` (quoted, abbreviated). */
function step(key: string): string {
  return /^[A-Za-z_$][\w$]{0,39}$/.test(key) ? `.${key}` : `[${quote(key, 20)}]`;
}

class Budget {
  private nodes = 0;
  /** Counts one node; true once over MAX_NODES. */
  spent(): boolean {
    return ++this.nodes > MAX_NODES;
  }
  exhausted(): boolean {
    return this.nodes > MAX_NODES;
  }
}

/** Equal as the contract compares data (key order aside, -0 = 0, NaN = NaN); false when too deep or over budget to tell. */
function same(a: Node, b: Node, depth: number, budget: Budget): boolean {
  if (budget.spent()) return false;
  a = plain(a);
  b = plain(b);
  if (a === b) return true;
  if (typeof a === "number" && typeof b === "number") return Number.isNaN(a) && Number.isNaN(b);
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || Array.isArray(a) !== Array.isArray(b) || depth > MAX_DEPTH) return false;
  if (Array.isArray(a)) return a.length === (b as Json[]).length && a.every((item, i) => same(item, (b as Json[])[i], depth + 1, budget));
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.prototype.hasOwnProperty.call(b, key) && same(own(a, key), own(b, key), depth + 1, budget));
}

/** Two items of a list with different ids (a message, a requirement, a record in the place of another): one difference, not one per field. */
function otherItem(a: object, b: object): boolean {
  if (Array.isArray(a) || Array.isArray(b)) return false;
  const [ia, ib] = [own(a, "id"), own(b, "id")];
  return typeof ia === "string" && typeof ib === "string" && ia !== ib;
}

/**
 * The first differences between `yours` and `contract`'s, depth first in the contract's key
 * order (then the keys only yours has), arrays by index and then by length; `root` names the
 * whole value (`request`, `result`). Empty when they are equal, or not comparable.
 */
export function fieldDiff(yours: Node, contract: Node, root: string, max = MAX_DIFFERENCES): FieldDiff {
  const found: FieldDifference[] = [];
  const budget = new Budget();
  let stopped = false;
  const leaf = (path: string, a: Node, b: Node): void => {
    found.push({ path, ...leafTexts(a, b) });
  };
  const walk = (a: Node, b: Node, path: string, depth: number, item = false): void => {
    if (found.length > max || stopped) return;
    if (same(a, b, depth, budget)) return;
    if (budget.exhausted()) {
      stopped = true;
      return;
    }
    if (!isContainer(a) || !isContainer(b) || Array.isArray(a) !== Array.isArray(b) || depth >= MAX_DEPTH || (item && otherItem(a, b))) return leaf(path, a, b);
    if (Array.isArray(a) && Array.isArray(b)) {
      for (let i = 0; i < Math.min(a.length, b.length) && found.length <= max && !stopped; i++) walk(a[i], b[i], `${path}[${i}]`, depth + 1, true);
      if (a.length !== b.length) leaf(`${path}.length`, a.length, b.length);
      return;
    }
    const keys = [...Object.keys(b), ...Object.keys(a).filter((key) => !Object.prototype.hasOwnProperty.call(b, key))];
    for (const key of keys) {
      if (found.length > max || stopped) return;
      walk(own(a, key), own(b, key), `${path}${step(key)}`, depth + 1);
    }
  };
  try {
    walk(yours, contract, root, 0);
  } catch {
    // A value no walk can read (a revoked proxy in trusted in-process use): what was found so far.
    stopped = true;
  }
  return { differences: found.slice(0, max), more: found.length > max || stopped };
}

/** Both sides of a leaf, abbreviated; two long strings that abbreviate alike, from a little before where they part. */
function leafTexts(a: Node, b: Node): { yours: string; contract: string } {
  const text = (v: Node) => {
    if (v === undefined) return "(missing)";
    try {
      return typeof v === "string" ? quote(v) : value(v, MAX_LEAF);
    } catch {
      // Nested deeper than JSON.stringify and String can go.
      return Array.isArray(v) ? "(an array nested too deep to print)" : "(an object nested too deep to print)";
    }
  };
  if (typeof a !== "string" || typeof b !== "string" || quote(a) !== quote(b)) return { yours: text(a), contract: text(b) };
  const [pa, pb] = [[...a], [...b]];
  let at = 0;
  while (at < pa.length && at < pb.length && pa[at] === pb[at]) at++;
  const from = Math.max(0, at - STRING_CONTEXT);
  const tail = (points: string[]) => {
    const shown = points.slice(from, from + STRING_SHOWN);
    return `${from > 0 ? "…" : ""}${JSON.stringify(shown.join(""))}${from + shown.length < points.length ? "…" : ""} (character ${at} on, of ${points.length})`;
  };
  return { yours: tail(pa), contract: tail(pb) };
}

/** The lines of a diff: `differs at PATH: yours X, contract's Y`, and a last one when there are more. */
export function fieldDiffLines(diff: FieldDiff): string[] {
  const lines = diff.differences.map((d) => `differs at ${d.path}: yours ${d.yours}, contract's ${d.contract}`);
  if (diff.more && lines.length > 0) lines.push("differs in more places (replay prints both values whole)");
  return lines;
}
