import { LIMIT } from "../../model/limits";
import { type Json, isJsonObject } from "../../scenario/data";

// Which ceiling of §3 an input goes past. The contract refuses every such input with one code,
// CONTEXT_LIMIT_EXCEEDED, whichever ceiling it passes; a reader that forgets one ceiling (the ids
// of one record, the items inside tool-call arguments) and one that forgets another are two
// mistakes, told apart by the ceiling the accepted input passes (the explain phase's "what the
// departure needs", read off the input: each ceiling is counted as §3 counts it).

const list = (v: Json | undefined): readonly Json[] => (Array.isArray(v) ? v : []);
const points = (s: string): number => [...s].length;

/** The collection items of a value (every array's length; inside tool-call arguments, every object's key count too), as §3 counts them. */
function itemsOf(v: Json, inArguments: boolean): number {
  if (Array.isArray(v)) return v.length + v.reduce((n: number, x) => n + itemsOf(x, inArguments), 0);
  if (!isJsonObject(v)) return 0;
  let n = inArguments ? Object.keys(v).length : 0;
  for (const [key, x] of Object.entries(v)) n += itemsOf(x, inArguments || key === "arguments");
  return n;
}

/** The depth of the deepest value inside tool-call arguments (the arguments object at depth 0, a value inside a container at d at d+1). */
function depthOf(v: Json, depth: number): number {
  const values = Array.isArray(v) ? v : isJsonObject(v) ? Object.values(v) : [];
  return values.reduce((deepest: number, x) => Math.max(deepest, depthOf(x, depth + 1)), depth);
}

/** Every string §3 counts: every string field, and the keys of tool arguments; not the role and type tags. */
function strings(v: Json, inArguments: boolean, out: string[]): string[] {
  if (typeof v === "string") out.push(v);
  else if (Array.isArray(v)) for (const x of v) strings(x, inArguments, out);
  else if (isJsonObject(v))
    for (const [key, x] of Object.entries(v)) {
      if (inArguments) out.push(key);
      else if (key === "role" || key === "type") continue;
      strings(x, inArguments || key === "arguments", out);
    }
  return out;
}

/** The code points of a context's strings as §3 counts them (`strings`). */
export function stringPoints(v: Json): number {
  return strings(v, false, []).reduce((n, s) => n + points(s), 0);
}

/** The ceilings of §3 the input (plain data; a transcript alone for groupToolRounds) goes past, in words; empty when none (or it is no input). */
export function ceilingsPassed(given: Json): readonly string[] {
  const input = Array.isArray(given) ? { messages: given } : given;
  if (!isJsonObject(input)) return [];
  const passed: string[] = [];
  const messages = list(input.messages);
  if (messages.length > LIMIT.messages) passed.push(`more than ${LIMIT.messages} messages`);
  if (list(input.requirements).length > LIMIT.requirements) passed.push(`more than ${LIMIT.requirements} requirements`);
  const records = list(input.compactions);
  if (records.length > LIMIT.records) passed.push(`more than ${LIMIT.records} compaction records`);
  if (records.some((r) => isJsonObject(r) && list(r.compactedMessageIds).length > LIMIT.idsPerRecord)) passed.push(`more than ${LIMIT.idsPerRecord} compactedMessageIds in one record`);
  let depth = 0;
  for (const m of messages)
    for (const block of isJsonObject(m) ? list(m.content) : []) if (isJsonObject(block) && block.type === "toolCall" && block.arguments !== undefined) depth = Math.max(depth, depthOf(block.arguments, 0));
  if (itemsOf(input, false) > LIMIT.collectionItems) passed.push(`more than ${LIMIT.collectionItems} collection items`);
  if (depth > LIMIT.depth) passed.push(`tool-call arguments nested deeper than ${LIMIT.depth}`);
  if (strings(input, false, []).some((s) => points(s) > LIMIT.stringUnits)) passed.push(`a string longer than ${LIMIT.stringUnits} code points`);
  if (stringPoints(input) > LIMIT.totalStringUnits) passed.push(`more than ${LIMIT.totalStringUnits} code points of strings in all`);
  return passed;
}
