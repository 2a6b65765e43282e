// Valid contexts (contract §2, §3) as plain data: requirements, an optional summary, a
// transcript with tool rounds that interleave and nest, compaction records; strings mixing
// ASCII, whitespace the trim rule knows, astral characters and lone surrogates.
import type { Rng } from "./rng";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Plain = Record<string, unknown>;

const PIECES = ["a", "b", "x", "Z", "0", "9", " ", "  ", "\t", "\n", "\u00a0", "\ufeff", "\u2028", "😀", "🧩", "\ud800", "\udc00", "é", "中", "-", ".", "{"];

export function text(r: Rng, max = 5): string {
  let s = "";
  const n = r.int(max + 1);
  for (let i = 0; i < n; i++) s += r.pick(PIECES);
  return s;
}

/** A string with non-whitespace text. */
export function nonBlank(r: Rng, max = 4): string {
  const s = text(r, max);
  return r.chance(0.5) ? `${s}a` : `a${s}`;
}

let counter = 0;
/** A non-empty id, unique within a scenario (the counter restarts with each scenario). */
export function id(r: Rng, prefix: string): string {
  counter++;
  return r.chance(0.15) ? `${prefix}${counter}${r.pick(["😀", "é", " x"])}` : `${prefix}${counter}`;
}
export function resetIds(): void {
  counter = 0;
}

const NUMBERS = [0, 1, -1, 7, 42, -3, 1.5, -0.25, 100000, 1e21, 5e-7, -0, 2 ** 53, 123.456];

export function json(r: Rng, depth: number): Json {
  const roll = r.int(depth > 0 ? 9 : 6);
  switch (roll) {
    case 0:
      return null;
    case 1:
      return true;
    case 2:
      return false;
    case 3:
      return r.pick(NUMBERS);
    case 4:
    case 5:
      return text(r, 4);
    case 6:
      return Array.from({ length: r.int(4) }, () => json(r, depth - 1));
    default:
      return args(r, depth - 1);
  }
}

export function args(r: Rng, depth = 2): { [key: string]: Json } {
  const out: { [key: string]: Json } = {};
  const n = r.int(4);
  for (let i = 0; i < n; i++) out[r.chance(0.2) ? text(r, 3) : `k${i}`] = json(r, depth);
  return out;
}

export function user(r: Rng): Plain {
  return { id: id(r, "u"), role: "user", content: r.chance(0.1) ? "" : text(r, 6) };
}

type Call = { id: string; name: string };

export function transcript(r: Rng, length: number): Plain[] {
  const out: Plain[] = [];
  const open: Call[] = [];
  const names = ["read", "write", "ls", "t", "grep😀"];
  const closeOne = () => {
    const call = open.splice(r.int(open.length), 1)[0];
    out.push({ id: id(r, "r"), role: "toolResult", toolCallId: call.id, toolName: call.name, content: text(r, 5), isError: r.chance(0.2) });
  };
  while (out.length < length) {
    const roll = r();
    if (open.length > 0 && roll < 0.4) closeOne();
    else if (roll < 0.6) out.push(user(r));
    else if (roll < 0.72) {
      const blocks = Array.from({ length: r.int(3) }, () => ({ type: "text", text: text(r, 5) }));
      out.push({ id: id(r, "a"), role: "assistant", content: blocks });
    } else {
      const content: Plain[] = [];
      const calls = r.range(1, 3);
      for (let i = 0; i < calls; i++) {
        if (r.chance(0.3)) content.push({ type: "text", text: text(r, 4) });
        const call = { id: id(r, "c"), name: r.pick(names) };
        open.push(call);
        content.push({ type: "toolCall", id: call.id, name: call.name, arguments: args(r) });
      }
      out.push({ id: id(r, "a"), role: "assistant", content });
    }
  }
  while (open.length > 0) {
    if (r.chance(0.2)) out.push(user(r));
    closeOne();
  }
  return out;
}

export function record(r: Rng): Plain {
  const boundary = r.range(1, 3);
  return {
    id: id(r, "rec"),
    summaryId: id(r, "s"),
    boundary,
    compactedMessageIds: Array.from({ length: boundary }, () => id(r, "m")),
    unitsBefore: r.int(500),
    unitsAfter: r.int(500),
  };
}

/** A valid input; each channel present or missing at random. */
export function context(r: Rng, maxMessages = 9): Plain {
  const input: Plain = {};
  if (r.chance(0.6)) input.requirements = Array.from({ length: r.int(3) }, () => ({ id: id(r, "req"), content: nonBlank(r) }));
  if (r.chance(0.4)) input.summary = r.chance(0.8) ? { id: id(r, "sum"), content: nonBlank(r) } : null;
  if (r.chance(0.9)) input.messages = transcript(r, r.int(maxMessages + 1));
  if (r.chance(0.3)) input.compactions = Array.from({ length: r.range(1, 2) }, () => record(r));
  return input;
}
